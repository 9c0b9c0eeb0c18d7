/**
 * Line breaking for diagram labels: src/lib/linebreak.ts (Chinese between
 * words only) measured in Noto Sans SC, the font the fit check uses. A word
 * wider than the line stays whole up to `HARD_LIMIT`: the layout makes room
 * for it (wider lanes, another cap, top to bottom) before a word breaks.
 */
import {textWidth} from '../../lib/fontMetrics';
import {wrapText as wrapLines} from '../../lib/linebreak';

export type Font = Readonly<{size: number; weight: number}>;

/** Width in px above which a single word may break between characters. */
const HARD_LIMIT = 160;

/** Width of the widest line, in px. */
export function linesWidth(lines: readonly string[], {size, weight}: Font): number {
  return Math.max(0, ...lines.map((line) => textWidth(line, size, weight)));
}

/**
 * `text` broken into balanced lines no wider than `max` px where its words
 * allow. Existing line breaks (`\n`) are kept.
 */
export function wrapText(text: string, max: number, {size, weight}: Font): string[] {
  return wrapLines(text, max, (line) => textWidth(line, size, weight), {overflow: HARD_LIMIT});
}

/** Whether two labels read the same once line breaks and white space are left out. */
export function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}
