/**
 * Line breaking for diagram labels, measured in Noto Sans SC (the font the
 * fit check uses). Chinese text may break between any two characters, but
 * not before closing punctuation or after opening punctuation; Latin words,
 * numbers and identifiers stay whole unless a word alone is wider than the
 * line, which then breaks after `/`, `?`, `&`, `=`, `_`, `-`, `.` or `:`,
 * and only as a last resort (a part wider than 160 px) between characters.
 * Dates, versions and addresses (digits joined by `-`, `.`, `:` or `/`) and
 * file names (`iscsid.conf`) do not break below 160 px. Lines are balanced: as many as greedy filling
 * needs, each as short as that count allows.
 *
 * Breaking drops only the spaces at the breaks, so a label's text without
 * white space is the same before and after (`sameText`).
 */
import {textWidth} from './fit';

export type Font = Readonly<{size: number; weight: number}>;

const WIDE = '\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef';
const PIECE = new RegExp(`[${WIDE}]|\\s+|[^\\s${WIDE}]+`, 'gu');
/** A line may not start with these… */
const NO_START = /^[，。、；：！？）」』】》〉”’,.;:!?)\]}…%]/;
/** …nor end with these. */
const NO_END = /[（「『【《〈“‘([{]$/;
const SPACE = /^\s+$/;
/** Width in px above which a single word may break between characters. */
const HARD_LIMIT = 160;
/** Digits joined by `-`, `.`, `:` or `/` (a date, a version, an address), or a file name. */
const WHOLE = /^(?:\d+(?:[-.:/]\d+)+|[\w-]+\.[a-z]{1,5})$/i;
/** Where a word wider than the line may break: after one of these. */
const SOFT_BREAK = /[^/?&=_\-.:]+[/?&=_\-.:]*|[/?&=_\-.:]+/g;

/** The pieces a line may break between, punctuation glued to its neighbour. */
function pieces(line: string): string[] {
  const out: string[] = [];
  let carry = '';
  for (const raw of line.match(PIECE) ?? []) {
    const piece = carry + raw;
    carry = '';
    const last = out.at(-1);
    if (last !== undefined && !SPACE.test(last) && !SPACE.test(piece) && NO_START.test(piece)) {
      out[out.length - 1] = last + piece;
    } else {
      out.push(piece);
    }
    const current = out.at(-1) ?? '';
    if (!SPACE.test(current) && NO_END.test(current)) carry = out.pop() ?? '';
  }
  if (carry) out.push(carry);
  return out;
}

/**
 * A word wider than a line, cut at soft breaks; between characters only when
 * a part is still wider than `HARD_LIMIT` (a word stays whole below that: a
 * box as wide as its longest word reads better than `ini-tialize`).
 */
function cut(piece: string, max: number, measure: (text: string) => number): string[] {
  if (measure(piece) <= max) return [piece];
  // A date, version, address or file name reads wrong in parts (`2025-` / `03-26`,
  // `iscsid.` / `conf`): whole below the limit.
  if (WHOLE.test(piece) && measure(piece) <= HARD_LIMIT) return [piece];
  return (piece.match(SOFT_BREAK) ?? [piece]).flatMap((part) =>
    measure(part) <= Math.max(max, HARD_LIMIT) ? [part] : [...part],
  );
}

function fill(parts: readonly string[], max: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const piece of parts) {
    if (SPACE.test(piece)) {
      if (current) current += piece;
      continue;
    }
    const next = current + piece;
    if (!current.trim() || measure(next.trimEnd()) <= max) current = next;
    else {
      lines.push(current.trimEnd());
      current = piece;
    }
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

/** Width of the widest line, in px. */
export function linesWidth(lines: readonly string[], {size, weight}: Font): number {
  return Math.max(0, ...lines.map((line) => textWidth(line, size, weight)));
}

/**
 * `text` broken into lines no wider than `max` px (where it can be: a single
 * character wider than `max` stays on a line of its own). Existing line
 * breaks (`\n`) are kept.
 */
export function wrapText(text: string, max: number, {size, weight}: Font): string[] {
  const measure = (line: string) => textWidth(line, size, weight);
  return text.split('\n').flatMap((line) => {
    const parts = pieces(line).flatMap((p) => (SPACE.test(p) ? [p] : cut(p, max, measure)));
    const greedy = fill(parts, max, measure);
    if (greedy.length < 2) return greedy.length > 0 ? greedy : [line];
    // Balance: the narrowest width that needs no more lines than greedy
    // filling, never narrower than the widest piece (no further cuts).
    let low = Math.max(
      linesWidth(greedy, {size, weight}) / greedy.length,
      ...parts.map((p) => (SPACE.test(p) ? 0 : measure(p))),
    );
    let high = max;
    let best = greedy;
    for (let i = 0; i < 12 && high - low > 0.5; i += 1) {
      const mid = (low + high) / 2;
      const tried = fill(parts, mid, measure);
      if (tried.length <= greedy.length) {
        best = tried;
        high = mid;
      } else {
        low = mid;
      }
    }
    return best;
  });
}

/** Whether two labels read the same once line breaks and white space are left out. */
export function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}
