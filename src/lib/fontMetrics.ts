/**
 * Advance widths from a TrueType font file: enough of `cmap` (formats 4 and
 * 12), `hhea`, `hmtx` and `head` to measure a line of text the way a browser
 * lays it out without kerning. Diagram labels and social-card titles are
 * measured, broken and checked with Noto Sans SC (`textWidth`), the font
 * the cards are drawn in, from `@expo-google-fonts/noto-sans-sc`.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

export type FontMetrics = Readonly<{
  /** Width of `text` in em. Characters the font lacks count as one em. */
  widthEm(text: string): number;
}>;

type Tables = ReadonlyMap<string, number>;

function tables(font: DataView): Tables {
  const count = font.getUint16(4);
  const map = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(
      font.getUint8(record),
      font.getUint8(record + 1),
      font.getUint8(record + 2),
      font.getUint8(record + 3),
    );
    map.set(tag, font.getUint32(record + 8));
  }
  return map;
}

function table(map: Tables, tag: string): number {
  const offset = map.get(tag);
  if (offset === undefined) throw new Error(`font has no ${tag} table`);
  return offset;
}

/** Code point → glyph id, from the best Unicode subtable (format 12, else 4). */
function glyphLookup(font: DataView, cmap: number): (codePoint: number) => number {
  const count = font.getUint16(cmap + 2);
  let format4: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + font.getUint32(record + 4);
    const format = font.getUint16(offset);
    if (format === 12) {
      const groups = font.getUint32(offset + 12);
      return (codePoint) => {
        let low = 0;
        let high = groups - 1;
        while (low <= high) {
          const mid = (low + high) >> 1;
          const group = offset + 16 + mid * 12;
          const start = font.getUint32(group);
          const end = font.getUint32(group + 4);
          if (codePoint < start) high = mid - 1;
          else if (codePoint > end) low = mid + 1;
          else return font.getUint32(group + 8) + codePoint - start;
        }
        return 0;
      };
    }
    if (format === 4) format4 ??= offset;
  }
  if (format4 === undefined) throw new Error('font has no Unicode cmap subtable');
  const offset = format4;
  const segments = font.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s += 1) {
      if (codePoint > font.getUint16(ends + s * 2)) continue;
      const start = font.getUint16(starts + s * 2);
      if (codePoint < start) return 0;
      const delta = font.getInt16(deltas + s * 2);
      const rangeOffset = font.getUint16(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.getUint16(rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

export function loadFontMetrics(path: string): FontMetrics {
  const bytes = readFileSync(path);
  const font = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const map = tables(font);
  const unitsPerEm = font.getUint16(table(map, 'head') + 18);
  const metricCount = font.getUint16(table(map, 'hhea') + 34);
  const hmtx = table(map, 'hmtx');
  const glyphOf = glyphLookup(font, table(map, 'cmap'));
  const advance = (glyph: number): number =>
    font.getUint16(hmtx + Math.min(glyph, metricCount - 1) * 4);
  return {
    widthEm(text) {
      let units = 0;
      for (const char of text) {
        const glyph = glyphOf(char.codePointAt(0) ?? 0);
        units += glyph === 0 ? unitsPerEm : advance(glyph);
      }
      return units / unitsPerEm;
    },
  };
}

const require = createRequire(__filename);
const fontFile = (weight: string): string =>
  path.join(
    path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')),
    weight,
    `NotoSansSC_${weight}.ttf`,
  );

const fonts = new Map<string, FontMetrics>();

/** Noto Sans SC at the nearest weight the package has: 400, 500 or 700. */
export function notoSansSc(weight: number): FontMetrics {
  const file = weight >= 600 ? '700Bold' : weight >= 500 ? '500Medium' : '400Regular';
  let metrics = fonts.get(file);
  if (!metrics) {
    metrics = loadFontMetrics(fontFile(file));
    fonts.set(file, metrics);
  }
  return metrics;
}

/** Width in px of one line of `text` in Noto Sans SC at `size` px and `weight`. */
export function textWidth(text: string, size: number, weight: number): number {
  return notoSansSc(weight).widthEm(text) * size;
}
