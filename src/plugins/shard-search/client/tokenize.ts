/**
 * Terms of the sharded search index, shared by the build (Node.js) and the
 * browser: both must cut text and pick shards the same way.
 *
 * Latin and code tokens are kept whole (`server.json`, `mcp-session-id`) and
 * also split into their parts; Chinese, Japanese and Korean text becomes
 * character bigrams, plus single characters for one-character queries. A Latin
 * or code term also yields prefix terms (`>iscsia` for `iscsiadm`), so the word
 * the reader is still typing finds the words it starts.
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

/** Marks a prefix term; it cannot occur in a token. */
export const PREFIX_MARK = '>';
/** Prefixes of Latin and code terms are indexed from this many characters… */
export const MIN_PREFIX = 3;
/** …up to this many; a longer unfinished word looks up its first MAX_PREFIX characters. */
export const MAX_PREFIX = 20;
/** A word matched only as the start of a longer word counts this much of an exact match. */
export const PREFIX_WEIGHT = 0.5;
/** The last character of a Chinese query, as the start of the word being typed. */
export const CHAR_PREFIX_WEIGHT = 0.2;
/** A word matched with one typo counts this much of an exact match. */
export const TYPO_WEIGHT = 0.3;
/** Words shorter than this are not corrected: one edit makes too many other words. */
export const MIN_TYPO_LENGTH = 5;
/** Indexed words a typo can be corrected to: letters first, no `.` or `-` (parts are looked up). */
const TYPO_WORD = /^\p{L}[\p{L}\p{N}_]{3,23}$/u;

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

/** True for a Latin or code term (not CJK, not a prefix term). */
export const isWordTerm = (term: string): boolean =>
  !CJK_RUN.test(term) && !term.startsWith(PREFIX_MARK);

/**
 * The prefix terms a Latin or code term is also indexed under: its proper
 * prefixes of MIN_PREFIX to MAX_PREFIX characters, except those ending in `.`
 * or `-` (a query's token never does).
 */
export function prefixTerms(term: string): string[] {
  if (!isWordTerm(term)) return [];
  const prefixes: string[] = [];
  for (let n = MIN_PREFIX; n < term.length && n <= MAX_PREFIX; n += 1) {
    const prefix = term.slice(0, n);
    if (!/[.-]$/.test(prefix)) prefixes.push(`${PREFIX_MARK}${prefix}`);
  }
  return prefixes;
}

/** The prefix term an unfinished query word looks up, or null when it is too short. */
export function prefixTerm(word: string): string | null {
  return word.length >= MIN_PREFIX ? `${PREFIX_MARK}${word.slice(0, MAX_PREFIX)}` : null;
}

export type QueryTerm = Readonly<{term: string; weight: number}>;

/**
 * One word or part of the query. A page scores the best of its lookups (the
 * exact term, and for the word being typed its prefix term); `typo` is a word
 * to correct by one edit when none of the lookups finds anything.
 */
export type QuerySlot = Readonly<{
  /** What the slot adds to a page that has it exactly. */
  weight: number;
  lookups: readonly QueryTerm[];
  typo: string | null;
  /** Only reorders the pages the other slots find (the last character of a Chinese query). */
  optional: boolean;
}>;

const canCorrect = (word: string) => word.length >= MIN_TYPO_LENGTH && TYPO_WORD.test(word);

/**
 * What a query looks up. Latin and code words are matched whole, and their
 * parts at a lower weight; the last word, which the reader may still be
 * typing, is also matched as the start of longer words. A CJK run of two or
 * more characters uses its bigrams (non-overlapping ones first, so a capped
 * long sentence still covers all of its first characters), one character
 * alone uses the character; a run that ends the query also looks up its last
 * character, the start of a word the reader may still be typing.
 */
export function querySlots(query: string): QuerySlot[] {
  const slots: QuerySlot[] = [];
  const seen = new Set<string>();
  const add = (
    weight: number,
    lookups: QueryTerm[],
    typo: string | null = null,
    optional = false,
  ) => {
    const fresh = lookups.filter(({term}) => !seen.has(term));
    const room = MAX_QUERY_TERMS - seen.size;
    if (fresh.length === 0 || fresh.length > room) return;
    for (const {term} of fresh) seen.add(term);
    slots.push({weight, lookups: fresh, typo, optional});
  };
  const all = tokens(query);
  all.forEach(({text, cjk}, i) => {
    const last = i === all.length - 1;
    if (!cjk) {
      const prefix = last ? prefixTerm(text) : null;
      add(
        1,
        [{term: text, weight: 1}, ...(prefix ? [{term: prefix, weight: PREFIX_WEIGHT}] : [])],
        canCorrect(text) ? text : null,
      );
      for (const part of parts(text)) {
        add(PART_WEIGHT, [{term: part, weight: PART_WEIGHT}], canCorrect(part) ? part : null);
      }
      return;
    }
    const chars = Array.from(text);
    if (chars.length === 1) add(1, [{term: text, weight: 1}]);
    for (const start of [0, 1]) {
      for (let j = start; j + 1 < chars.length; j += 2) {
        add(1, [{term: `${chars[j]}${chars[j + 1]}`, weight: 1}]);
      }
    }
    const tail = chars.at(-1);
    if (last && chars.length > 1 && tail) {
      add(CHAR_PREFIX_WEIGHT, [{term: tail, weight: CHAR_PREFIX_WEIGHT}], null, true);
    }
  });
  return slots;
}

/** The distinct terms a query looks up first, with their weights. */
export function queryTerms(query: string): QueryTerm[] {
  return querySlots(query).flatMap((slot) => slot.lookups);
}

/**
 * Damerau-Levenshtein distance of at most one (one insertion, deletion,
 * substitution or swap of neighbours), and not zero.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Whether the build lists a word for typo correction. */
export const isTypoWord = (term: string): boolean => TYPO_WORD.test(term);

/**
 * The keys of the typo lists a word is found under: its first two and its
 * last two characters. One edit in a word of five or more characters leaves
 * at least one of them as it was.
 */
export const typoKeys = (word: string): [string, string] => [
  `^${word.slice(0, 2)}`,
  `$${word.slice(-2)}`,
];

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

/**
 * The shard of a term. A prefix term shares its shard with the same letters
 * as a word (`>iscsi` and `iscsi`), so the word being typed costs one shard.
 */
export const shardOf = (term: string, shards: number): number =>
  hash(term.startsWith(PREFIX_MARK) ? term.slice(PREFIX_MARK.length) : term) % shards;

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
