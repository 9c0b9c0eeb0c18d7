/**
 * The social card's layout: a 1200×630 SVG with the title broken between
 * words (src/lib/linebreak.ts) and measured in the font it is drawn in.
 * The renderer in ./index.ts turns the SVG into a PNG.
 */
import {escapeXml} from '../../lib/escape';
import {textWidth as measureText} from '../../lib/fontMetrics';
import {fill, fittingPieces} from '../../lib/linebreak';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const FONT_FAMILY = 'Noto Sans SC';

const MARGIN = 80;
/** The rows the title is drawn in, between the site name row and the footer. */
export const TITLE_BAND = {top: 190, bottom: 480} as const;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
/** Title sizes to try, largest first; the first that fits in MAX_LINES wins. */
const TITLE_SIZES = [68, 60, 52] as const;
const MAX_LINES = 3;
const LINE_HEIGHT = 1.32;

/** Width of `text` in em of Noto Sans SC Bold, the title's font. */
export const textWidth = (text: string): number => measureText(text, 1, 700);

/** Pieces that fit a line: a piece wider than `maxWidth` em is cut (src/lib/linebreak.ts). */
const fittingUnits = (text: string, maxWidth: number): string[] =>
  fittingPieces(text.trim(), maxWidth, textWidth);

/** Greedy line filling by measured width (`maxWidth` in em): the fewest lines. */
export function wrapText(text: string, maxWidth: number): string[] {
  return fill(fittingUnits(text, maxWidth), maxWidth, textWidth);
}

/** What a break between two pieces costs: after punctuation is best, inside a Chinese phrase worst. */
function breakCost(before: string, after: string): number {
  if (before.endsWith('：')) return -8;
  if (/[、，；。！？]$/u.test(before)) return -5;
  if (before.endsWith(' ') || after.startsWith(' ')) return 0;
  return 3;
}

/**
 * Breaks text into exactly `lineCount` lines (at most `maxWidth` em each),
 * choosing the breaks with the lowest cost: even lines, breaks after
 * punctuation, and a last line at least half full.
 */
export function layoutLines(text: string, maxWidth: number, lineCount: number): string[] {
  const units = fittingUnits(text, maxWidth);
  const n = units.length;
  // cost[k][i]: the best layout of the first i pieces in k lines; from[k][i]: where its last line starts.
  const cost = Array.from({length: lineCount + 1}, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({length: lineCount + 1}, () => new Array<number>(n + 1).fill(0));
  (cost[0] as number[])[0] = 0;
  for (let k = 1; k <= lineCount; k++) {
    for (let i = 1; i <= n; i++) {
      for (let j = k - 1; j < i; j++) {
        const before = cost[k - 1]?.[j] ?? Infinity;
        const line = units.slice(j, i).join('').trim();
        const width = textWidth(line);
        if (before === Infinity || !line || width > maxWidth) continue;
        const fill = width / maxWidth;
        const lineCost =
          i === n
            ? Math.max(0, 0.5 - fill) ** 2 * 100
            : (1 - fill) ** 2 * 40 + breakCost(units[i - 1] ?? '', units[i] ?? '');
        if (before + lineCost < (cost[k]?.[i] ?? Infinity)) {
          (cost[k] as number[])[i] = before + lineCost;
          (from[k] as number[])[i] = j;
        }
      }
    }
  }
  if ((cost[lineCount]?.[n] ?? Infinity) === Infinity) return wrapText(text, maxWidth);
  const lines: string[] = [];
  for (let k = lineCount, i = n; k > 0; k--) {
    const j = from[k]?.[i] ?? 0;
    lines.unshift(units.slice(j, i).join('').trim());
    i = j;
  }
  return lines;
}

/**
 * Wraps a title in as few lines as it needs, laid out evenly; when the part
 * up to its first full-width colon (most titles here are "topic：details")
 * fits on one line and that costs no extra line, the colon ends line one.
 */
export function wrapTitle(title: string, maxWidth: number): string[] {
  const lineCount = wrapText(title, maxWidth).length;
  const colon = title.indexOf('：');
  if (colon > 0) {
    const head = title.slice(0, colon + 1).trim();
    const tail = title.slice(colon + 1);
    const tailCount = wrapText(tail, maxWidth).length;
    if (textWidth(head) <= maxWidth && 1 + tailCount <= lineCount) {
      return [head, ...layoutLines(tail, maxWidth, tailCount)];
    }
  }
  return layoutLines(title, maxWidth, lineCount);
}

export type TitleLayout = Readonly<{fontSize: number; lines: readonly string[]}>;

/**
 * The largest title size whose lines fit in three; past the smallest size the
 * third line ends in an ellipsis rather than running off the card.
 */
export function fitTitle(title: string, width = TEXT_WIDTH): TitleLayout {
  for (const fontSize of TITLE_SIZES) {
    const lines = wrapTitle(title, width / fontSize);
    if (lines.length <= MAX_LINES) return {fontSize, lines};
  }
  const fontSize = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 52;
  const maxWidth = width / fontSize;
  const lines = wrapTitle(title, maxWidth).slice(0, MAX_LINES);
  let last = lines[MAX_LINES - 1] ?? '';
  while (last && textWidth(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
  return {fontSize, lines: [...lines.slice(0, MAX_LINES - 1), `${last}…`]};
}

export type CardText = Readonly<{
  /** The big text: a post's title, or the site's tagline on the home card. */
  title: string;
  siteName: string;
  /** Bottom left: the post's date, or nothing. */
  footer?: string;
  /** Bottom right: the site's host name. */
  host: string;
}>;

/** The card as an SVG document; fonts are resolved by the renderer. */
export function cardSvg({title, siteName, footer, host}: CardText): string {
  const {fontSize, lines} = fitTitle(title);
  const lineHeight = Math.round(fontSize * LINE_HEIGHT);
  // The title block is centred between the site name row and the footer.
  const {top, bottom} = TITLE_BAND;
  const blockHeight = lineHeight * (lines.length - 1) + fontSize;
  const firstBaseline = Math.round(top + (bottom - top - blockHeight) / 2 + fontSize * 0.88);
  const titleLines = lines
    .map(
      (line, i) =>
        `<text x="${MARGIN}" y="${firstBaseline + i * lineHeight}" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILY}">`,
    // One flat colour: a gradient made each PNG three times the bytes and the
    // time to draw and compress (150 KB, 60 ms a card in resvg-wasm).
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#163a70"/>`,
    // The site logo (static/img/logo.svg), drawn at 64 px.
    `<g transform="translate(${MARGIN} 62)">`,
    '<rect x="8" y="10" width="48" height="10" rx="3" fill="#8fb3e8"/>',
    '<rect x="8" y="25" width="48" height="10" rx="3" fill="#4f86d1"/>',
    '<rect x="8" y="40" width="48" height="14" rx="3" fill="#ffffff" fill-opacity="0.9"/>',
    '<path d="M20 47h24" stroke="#1f4f96" stroke-width="3" stroke-linecap="round"/>',
    '</g>',
    `<text x="${MARGIN + 80}" y="110" font-size="40" font-weight="700" fill="#dbe7f8">${escapeXml(siteName)}</text>`,
    titleLines,
    `<rect x="${MARGIN}" y="512" width="72" height="6" rx="3" fill="#8fb3e8"/>`,
    footer
      ? `<text x="${MARGIN}" y="570" font-size="32" font-weight="400" fill="#dbe7f8">${escapeXml(footer)}</text>`
      : '',
    `<text x="${CARD_WIDTH - MARGIN}" y="570" font-size="28" font-weight="400" fill="#a9c3e8" text-anchor="end">${escapeXml(host)}</text>`,
    '</svg>',
  ].join('');
}
