/**
 * Terms of the sharded search index, shared by the build (Node.js) and the
 * browser: both must cut text and pick shards the same way.
 *
 * Latin and code tokens are kept whole (`server.json`, `mcp-session-id`) and
 * also split into their parts; Chinese, Japanese and Korean text becomes
 * character bigrams, plus single characters for one-character queries.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD = `(?:(?![${CJK}])[\\p{L}\\p{N}_])+`;
/** A CJK run, or a word with `.`/`-` joining its parts (`802.11s`, `mcp-session-id`). */
const TOKEN = new RegExp(`[${CJK}]+|${WORD}(?:[.\\-]${WORD})*`, 'gu');
const CJK_RUN = new RegExp(`^[${CJK}]`, 'u');
const PARTS = /[._-]+/;

/** A long pasted sentence looks up at most this many terms. */
export const MAX_QUERY_TERMS = 16;
/** Weight of a compound token's parts against the whole token. */
const PART_WEIGHT = 0.4;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

type Token = {text: string; cjk: boolean};

function tokens(text: string): Token[] {
  return Array.from(normalize(text).matchAll(TOKEN), ([t]) => ({text: t, cjk: CJK_RUN.test(t)}));
}

function parts(word: string): string[] {
  const split = word.split(PARTS).filter((p) => p.length > 0);
  return split.length > 1 || split[0] !== word ? split : [];
}

/** Every term of `text` in order, with repeats (the build counts them). */
export function documentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const {text: t, cjk} of tokens(text)) {
    if (cjk) {
      const chars = Array.from(t);
      for (let i = 0; i < chars.length; i += 1) {
        terms.push(chars[i] ?? '');
        if (i + 1 < chars.length) terms.push(`${chars[i]}${chars[i + 1]}`);
      }
    } else {
      terms.push(t, ...parts(t));
    }
  }
  return terms;
}

export type QueryTerm = Readonly<{term: string; weight: number}>;

/**
 * The distinct terms a query looks up, with weights. A CJK run of two or more
 * characters uses its bigrams (non-overlapping ones first, so a capped long
 * sentence still covers all of its first characters), one character alone uses
 * the character.
 */
export function queryTerms(query: string): QueryTerm[] {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => {
    if (weights.size >= MAX_QUERY_TERMS && !weights.has(term)) return;
    weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  };
  for (const {text, cjk} of tokens(query)) {
    if (!cjk) {
      add(text, 1);
      for (const part of parts(text)) add(part, PART_WEIGHT);
      continue;
    }
    const chars = Array.from(text);
    if (chars.length === 1) add(text, 1);
    for (const start of [0, 1]) {
      for (let i = start; i + 1 < chars.length; i += 2) add(`${chars[i]}${chars[i + 1]}`, 1);
    }
  }
  return Array.from(weights, ([term, weight]) => ({term, weight}));
}

/** FNV-1a over UTF-16 code units: the same number in Node.js and the browser. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A single CJK character: kept in shards of their own (u/), used by one-character queries. */
export const isCharTerm = (term: string): boolean =>
  term.length <= 2 && Array.from(term).length === 1 && CJK_RUN.test(term);

export const shardOf = (term: string, shards: number): number => hash(term) % shards;

/**
 * What to mark in a hit's text for a query: its words and CJK runs, and the
 * bigrams of the runs (so a partly matching run still marks what matched).
 */
export function highlightNeedles(query: string): string[] {
  const needles = new Set<string>();
  for (const {text, cjk} of tokens(query)) {
    needles.add(text);
    if (cjk) {
      const chars = Array.from(text);
      for (let i = 0; i + 1 < chars.length; i += 1) needles.add(`${chars[i]}${chars[i + 1]}`);
    } else {
      for (const part of parts(text)) if (part.length > 1) needles.add(part);
    }
  }
  return [...needles].slice(0, 64);
}

/** Non-overlapping [start, end) ranges of `text` where any needle occurs, in order. */
export function highlightRanges(text: string, needles: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  // Lower-casing changes the length of a few characters; then mark nothing.
  if (lower.length !== text.length || needles.length === 0) return [];
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      ranges.push([at, at + needle.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
