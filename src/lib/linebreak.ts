/**
 * Where a line of Chinese and Latin text may break, and lines filled to a
 * measured width: the one line-breaking module of diagram labels and social
 * cards. It runs at build time only (never in a page's JavaScript).
 *
 * - Chinese breaks only between words. A run of Han characters is cut into
 *   words by jieba's dictionary (`jieba-wasm`, an exact version: the
 *   dictionary is inside its WebAssembly), without the HMM guesser, so the
 *   words depend on that dictionary and `SITE_WORDS` alone, the same on
 *   every machine (`Intl.Segmenter` depends on the ICU of the machine).
 * - Latin words, numbers and identifiers stay whole; a word wider than the
 *   line breaks after `/`, `?`, `&`, `=`, `_`, `-`, `.` or `:`, and between
 *   characters only when a part is still wider than the line and `overflow`.
 *   Dates, versions, addresses (digits joined by `-`, `.`, `:` or `/`) and
 *   file names (`iscsid.conf`) do not break below `overflow`.
 * - Closing punctuation never starts a line, opening punctuation never ends one.
 *
 * Breaking drops only the spaces at the breaks.
 */
import {add_word, cut as jiebaCut} from 'jieba-wasm';

/**
 * Words this site's labels use that jieba's general dictionary lacks (it
 * cuts 会话 into 会 and 话, 网关节点 into 网 and 关节点): each stays whole.
 * A word added here changes only where lines may break;
 * `tsx scripts/label-lines.ts OLD_BUILD` lists the labels it moved.
 */
export const SITE_WORDS: readonly string[] = [
  '会话',
  '会话头',
  '元数据',
  '公钥',
  '私钥',
  '验签',
  '光猫',
  '网关',
  '网关节点',
  '后端',
  '发起端',
  '目标端',
  '存储层',
  '命名空间',
  '时间戳',
  '授权码',
  '请求体',
  '长连接',
  '水位线',
  '全量',
  '重放',
  '送出',
];
for (const word of SITE_WORDS) add_word(word);

/** Width of a line of text, in any unit. */
export type Measure = (text: string) => number;

const HAN = /\p{Script=Han}/u;
const WIDE = '\\u2e80-\\u9fff\\uf900-\\ufaff\\u3000-\\u303f\\uff00-\\uffef';
/** Han runs, other wide characters one by one, white space, and runs of anything else. */
const TOKEN = new RegExp(`\\p{Script=Han}+|[${WIDE}]|\\s+|[^\\s${WIDE}]+`, 'gu');
/** A line may not start with these… */
const NO_START = /^[，。、；：！？）」』】》〉〕”’,.;:!?)\]}…%]/u;
/** …nor end with these. */
const NO_END = /[（「『【《〈〔“‘([{]$/u;
const SPACE = /^\s+$/u;
/** Digits joined by `-`, `.`, `:` or `/` (a date, a version, an address), or a file name. */
const WHOLE = /^(?:\d+(?:[-.:/]\d+)+|[\w-]+\.[a-z]{1,5})$/i;
/** Where a word wider than the line may break: after one of these. */
const SOFT_BREAK = /[^/?&=_\-.:]+[/?&=_\-.:]*|[/?&=_\-.:]+/g;

const words = new Map<string, readonly string[]>();

/** The words of a run of Han characters, by jieba's dictionary and SITE_WORDS. */
export function chineseWords(run: string): readonly string[] {
  let found = words.get(run);
  if (!found) {
    found = jiebaCut(run, false);
    words.set(run, found);
  }
  return found;
}

/**
 * The pieces a line may break between: Chinese words, Latin words, runs of
 * white space; closing punctuation glued to what precedes it, opening
 * punctuation to what follows.
 */
export function breakPieces(line: string): string[] {
  const out: string[] = [];
  let carry = '';
  const tokens = (line.match(TOKEN) ?? []).flatMap((token) =>
    HAN.test(token) ? chineseWords(token) : [token],
  );
  for (const raw of tokens) {
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
 * A piece wider than `max`, cut at soft breaks; between characters only
 * where a part is wider than both `max` and `overflow` (below `overflow` a
 * word stays whole past the line: a box as wide as its longest word reads
 * better than `ini-tialize`).
 */
function cut(piece: string, max: number, measure: Measure, overflow: number): string[] {
  if (measure(piece) <= max) return [piece];
  // A date, version, address or file name reads wrong in parts (`2025-` / `03-26`,
  // `iscsid.` / `conf`): whole below the limit. A Chinese word has no soft
  // break, so it too stays whole below the limit.
  if (WHOLE.test(piece) && measure(piece) <= overflow) return [piece];
  return (piece.match(SOFT_BREAK) ?? [piece]).flatMap((part) =>
    measure(part) <= Math.max(max, overflow) ? [part] : [...part],
  );
}

/** `line`'s pieces, those wider than `max` cut (see `cut`). */
export function fittingPieces(line: string, max: number, measure: Measure, overflow = 0): string[] {
  return breakPieces(line).flatMap((p) => (SPACE.test(p) ? [p] : cut(p, max, measure, overflow)));
}

/** Greedy filling: each line takes pieces while it stays within `max`; the fewest lines. */
export function fill(parts: readonly string[], max: number, measure: Measure): string[] {
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

export type WrapOptions = Readonly<{
  /** Width up to which a single word stays whole though wider than the line. */
  overflow?: number;
}>;

/**
 * `text` in lines no wider than `max` where its words allow, balanced: as
 * many lines as greedy filling needs, each as short as that count allows.
 * Existing line breaks (`\n`) are kept.
 */
export function wrapText(
  text: string,
  max: number,
  measure: Measure,
  {overflow = 0}: WrapOptions = {},
): string[] {
  const widest = (lines: readonly string[]) => Math.max(0, ...lines.map(measure));
  return text.split('\n').flatMap((line) => {
    const parts = fittingPieces(line, max, measure, overflow);
    const greedy = fill(parts, max, measure);
    if (greedy.length < 2) return greedy.length > 0 ? greedy : [line];
    // Balance: the narrowest width that needs no more lines than greedy
    // filling, never narrower than the widest piece (no further cuts).
    let low = Math.max(
      widest(greedy) / greedy.length,
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

/**
 * The line ends of `lines` (one label, its lines in order) that fall inside
 * a Chinese word: each as the index of the line it ends. The Han run across
 * the break is cut into words the way `breakPieces` cuts it.
 */
export function breaksInsideWords(lines: readonly string[]): number[] {
  const inside: number[] = [];
  const joined = lines.join('');
  const chars = [...joined];
  let at = 0;
  lines.forEach((line, index) => {
    at += [...line].length;
    if (index === lines.length - 1) return;
    if (!HAN.test(chars[at - 1] ?? '') || !HAN.test(chars[at] ?? '')) return;
    let start = at - 1;
    while (start > 0 && HAN.test(chars[start - 1] ?? '')) start -= 1;
    let end = at;
    while (end < chars.length && HAN.test(chars[end] ?? '')) end += 1;
    let boundary = start;
    for (const word of chineseWords(chars.slice(start, end).join(''))) {
      if (boundary >= at) break;
      boundary += [...word].length;
    }
    if (boundary !== at) inside.push(index);
  });
  return inside;
}
