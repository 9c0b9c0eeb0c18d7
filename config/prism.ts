import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * The stock code themes (GitHub light, Dracula dark) with every token colour
 * nudged until it reaches WCAG AA contrast (4.5:1) against the code block
 * background and against a highlighted line. The stock themes miss it for
 * comments, strings, numbers and keywords.
 */

type Rgb = readonly [number, number, number];

function parse(color: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const n = parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`config/prism.ts: unsupported colour "${color}"`);
}

const hex = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Blends `top` with alpha over `bottom`. */
const over = (top: Rgb, alpha: number, bottom: Rgb): Rgb =>
  bottom.map((c, i) => c + ((top[i] ?? 0) - c) * alpha) as unknown as Rgb;

const MIN_CONTRAST = 4.5;

/** Moves a colour towards black or white (away from the backgrounds) until it contrasts with all. */
function readable(color: string, backgrounds: readonly Rgb[]): string {
  let rgb = parse(color);
  const target: Rgb =
    luminance(backgrounds[0] ?? [255, 255, 255]) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step < 100; step += 1) {
    if (backgrounds.every((bg) => contrast(rgb, bg) >= MIN_CONTRAST)) return hex(rgb);
    rgb = over(target, 0.04, rgb);
  }
  return hex(rgb);
}

/** `highlight` is the highlighted-line overlay set in src/css/custom.css. */
function accessible(theme: PrismTheme, highlight: {rgb: Rgb; alpha: number}): PrismTheme {
  const background = parse(theme.plain.backgroundColor ?? '#ffffff');
  const backgrounds = [background, over(highlight.rgb, highlight.alpha, background)];
  return {
    plain: {...theme.plain, color: readable(theme.plain.color ?? '#000000', backgrounds)},
    styles: theme.styles.map(({types, style}) => ({
      types,
      style: style.color ? {...style, color: readable(style.color, backgrounds)} : style,
    })),
  };
}

/** The Prism grammars the site adds to prism-react-renderer's own (tests read them too). */
export const codeLanguages: readonly string[] = ['bash', 'diff', 'http', 'ini'];

export const lightCodeTheme = accessible(themes.github, {rgb: [0, 0, 0], alpha: 0.08});
export const darkCodeTheme = accessible(themes.dracula, {rgb: [0, 0, 0], alpha: 0.3});
