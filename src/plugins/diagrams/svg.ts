/**
 * Makes a drawing's SVG fit for a page of this site (`inlineSvg`) and for a
 * file of its own (`standaloneSvg`).
 *
 * Inline:
 * - beautiful-mermaid's <style> goes (a web-font @import and rules for every
 *   <svg> on the page); the colours it derived come from the site's
 *   stylesheet instead (`.diagram__drawing` in src/css/custom.css), so they
 *   follow the colour mode;
 * - ids get a prefix of their own, so no two drawings on a page share one;
 * - the data-* attributes, which repeat every label, are dropped, and
 *   coordinates are rounded to two decimals;
 * - it is minified the way the HTML around it is (no white space between
 *   tags, attribute values unquoted where HTML allows, single quotes
 *   elsewhere), so the copy the page's JavaScript carries, in a
 *   double-quoted string, is no larger than the one in the HTML;
 * - the root gets role="img", named by the figure's caption, and a class.
 *
 * Standalone (what a reader without JavaScript opens): XML, the light
 * colours written into presentation attributes, a white background and a
 * <title>; no <style> and no style attribute, so a Content-Security-Policy
 * without 'unsafe-inline' styles renders it as it is.
 */
import {escapeText} from '../../lib/escape';

/** The light theme's values of the variables `.diagram__drawing` sets (src/css/custom.css). */
export const LIGHT_COLOURS: Readonly<Record<string, string>> = {
  '--bg': '#ffffff',
  '--fg': '#1c1e21',
  '--_text': '#1c1e21',
  '--_text-sec': '#444950',
  '--_text-muted': '#444950',
  '--_text-faint': '#444950',
  '--_line': '#8d949e',
  '--_arrow': '#444950',
  '--_node-fill': '#f5f6f7',
  '--_node-stroke': '#8d949e',
  '--_group-fill': '#ffffff',
  '--_group-hdr': '#ebedf0',
  '--_inner-stroke': '#dadde1',
  '--_key-badge': '#ebedf0',
};

/** Infima's --ifm-font-family-base, which the page's diagrams use. */
const FONT_FAMILY =
  'system-ui, -apple-system, Segoe UI, Roboto, Ubuntu, Cantarell, Noto Sans, sans-serif, BlinkMacSystemFont, Segoe UI, Helvetica, Arial, sans-serif';

const round = (value: string): string => String(Number(Number(value).toFixed(2)));

/** An attribute value HTML reads the same without quotes. */
const UNQUOTED = /^[^\s"'=<>`/]+$/;

/** `name="value"` → `name=value`, or `name='value'` where quotes are needed. */
function minified(svg: string): string {
  return svg
    .replace(/>\s+</g, '><')
    .replace(/<[^>]+>/g, (tag) =>
      tag.replace(/(\s[\w:-]+)="([^"]*)"/g, (_, name: string, value: string) =>
        UNQUOTED.test(value) ? `${name}=${value}` : `${name}='${value.replace(/'/g, '&#39;')}'`,
      ),
    );
}

/**
 * Without the XML declaration, <style>, data-* attributes and long decimals
 * (in tags only: a label such as 198.51.100.10 keeps its digits).
 */
function cleaned(raw: string): string {
  return raw
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
    .replace(/\sdata-[\w-]+="[^"]*"/g, '')
    .replace(/<[^>]+>/g, (tag) => tag.replace(/\d+\.\d{3,}/g, round))
    .replace(/\n\s*/g, '\n');
}

function rootOf(svg: string): {open: string; viewBox: number[]; width: number; height: number} {
  const open = /^<svg\b[^>]*>/.exec(svg)?.[0];
  if (!open) throw new Error('the renderer returned no <svg> root');
  return {
    open,
    viewBox: (/\sviewBox="([^"]*)"/.exec(open)?.[1] ?? '0 0 0 0').split(/[\s,]+/).map(Number),
    width: Math.ceil(Number(/\swidth="([\d.]+)"/.exec(open)?.[1] ?? 0)),
    height: Math.ceil(Number(/\sheight="([\d.]+)"/.exec(open)?.[1] ?? 0)),
  };
}

export type InlineOptions = Readonly<{
  /** Prefix for the drawing's ids: unique on the page. */
  prefix: string;
  /** The id of the element that names it (the figure's caption). */
  labelledBy: string;
  className?: string;
}>;

export type InlineSvg = Readonly<{svg: string; width: number; height: number}>;

export function inlineSvg(raw: string, {prefix, labelledBy, className}: InlineOptions): InlineSvg {
  let svg = cleaned(raw);
  const ids = [...raw.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
  for (const id of new Set(ids)) {
    svg = svg
      .replaceAll(`id="${id}"`, `id="${prefix}${id}"`)
      .replaceAll(`url(#${id})`, `url(#${prefix}${id})`)
      .replaceAll(`href="#${id}"`, `href="#${prefix}${id}"`);
  }
  const {open, width, height} = rootOf(svg);
  const root = open
    .replace(/\sstyle="[^"]*"/, '')
    .replace(/\sxmlns="[^"]*"/, '')
    .replace(/\swidth="[^"]*"/, ` width="${width}"`)
    .replace(/\sheight="[^"]*"/, ` height="${height}"`)
    .replace(
      />$/,
      `${className ? ` class="${className}"` : ''} role="img" aria-labelledby="${labelledBy}">`,
    );
  return {svg: minified(svg.replace(open, root)), width, height};
}

/** The drawing as a file of its own, in the light colours, titled `title`. */
export function standaloneSvg(raw: string, title: string): string {
  let svg = cleaned(raw).replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    const colour = LIGHT_COLOURS[name];
    if (!colour) throw new Error(`no light colour for ${name}`);
    return colour;
  });
  const {open, viewBox, width, height} = rootOf(svg);
  const [x = 0, y = 0, w = width, h = height] = viewBox;
  const root =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}" width="${width}" height="${height}" ` +
    `role="img" font-family="${FONT_FAMILY}">` +
    `<title>${escapeText(title)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${LIGHT_COLOURS['--bg']}" />`;
  svg = svg.replace(open, root);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg.replace(/>\s+</g, '><')}\n`;
}
