/**
 * Builds the sharded index from the extracted pages. A term's posting list
 * keeps only its best `postingsPerTerm` pages, and terms are spread by hash
 * over a number of shards that grows with the index, so what one query
 * downloads stays about the same size however large the archive grows.
 * Prefix terms (the starts of Latin and code words) are posting lists like
 * any other term; the typo lists name the indexed words by their first and
 * last two letters.
 */
import {
  documentTerms,
  hash,
  isCharTerm,
  isTypoWord,
  prefixTerms,
  shardOf,
  typoKeys,
} from './client/tokenize';
import type {ExtractedPage} from './extract';

export type BuildOptions = Readonly<{
  /** Pages kept per term: a common term's list does not grow with the archive. */
  postingsPerTerm: number;
  /** Aimed-for size of one shard of JSON, before compression. */
  shardBytes: number;
  /**
   * The same for the shards of single CJK characters: smaller, because the
   * last character of every Chinese query is looked up in one.
   */
  charShardBytes: number;
  /** Characters of a section's text kept for its snippet. */
  snippetChars: number;
  /** A hit in a list of links (参考资料) counts this much of one in the post's prose. */
  listWeight: number;
}>;

export const DEFAULT_BUILD_OPTIONS: BuildOptions = {
  postingsPerTerm: 40,
  shardBytes: 6000,
  charShardBytes: 2000,
  snippetChars: 400,
  listWeight: 0.3,
};

/** manifest.json: what the browser needs to find a term's shard. */
export type Manifest = Readonly<{
  /** Shards of words and CJK bigrams: t/<n>.json. */
  shards: number;
  /** Shards of single CJK characters, only for one-character queries: u/<n>.json. */
  charShards: number;
  /** Shards of the typo lists: f/<n>.json, by the hash of the list's key. */
  typoShards: number;
  pages: number;
  sections: number;
}>;

/**
 * A shard: term → flat postings [page, section, score, page, section, score, …],
 * best first. `section` names the hit's data file d/<section>.json.
 */
export type Shard = Record<string, number[]>;

/**
 * A typo shard: key (`^re`, `$yd`: a word's first or last two letters) →
 * [word, pages, word, pages, …], the words most pages use first.
 */
export type TypoShard = Record<string, (string | number)[]>;

/** d/<section>.json: what a hit shows. */
export type HitData = Readonly<{
  /** URL with the section's anchor. */
  u: string;
  /** Page title. */
  t: string;
  /** Section heading ('' for the page's opening text). */
  h: string;
  /** Path labels (博客, 文档 › …). */
  p: string[];
  /** The start of the section's text. */
  x: string;
}>;

export type BuiltIndex = {manifest: Manifest; files: Map<string, string>};

// BM25 constants, and how much a term in the title or a heading counts.
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 5;
const HEADING_WEIGHT = 3;

function counts(terms: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const term of terms) map.set(term, (map.get(term) ?? 0) + 1);
  return map;
}

function shardFiles<T extends (string | number)[]>(
  prefix: string,
  lists: Map<string, T>,
  shardBytes: number,
  shardOfKey: (key: string, count: number) => number = shardOf,
) {
  let bytes = 0;
  for (const [term, list] of lists) bytes += term.length * 3 + list.join(',').length + 6;
  const count = Math.max(1, Math.ceil(bytes / shardBytes));
  const shards: Record<string, T>[] = Array.from({length: count}, () => ({}));
  for (const [term, list] of lists) {
    (shards[shardOfKey(term, count)] as Record<string, T>)[term] = list;
  }
  return {
    count,
    files: shards.map((shard, n) => [`${prefix}/${n}.json`, JSON.stringify(shard)] as const),
  };
}

/** The typo shard of a key (`^re`, `$yd`). */
export const typoShardOf = (key: string, shards: number): number => hash(key) % shards;

export function buildIndex(
  pages: readonly ExtractedPage[],
  options: BuildOptions = DEFAULT_BUILD_OPTIONS,
): BuiltIndex {
  type SectionTerms = {weighted: Map<string, number>; length: number};
  const titleTerms = pages.map((page) => counts(documentTerms(page.title)));
  const sectionTerms: SectionTerms[][] = pages.map((page) =>
    page.sections.map((section) => {
      const body = documentTerms(section.text);
      const weighted = counts(body);
      for (const [term, n] of counts(documentTerms(section.heading))) {
        weighted.set(term, (weighted.get(term) ?? 0) + n * HEADING_WEIGHT);
      }
      return {weighted, length: body.length};
    }),
  );

  // Document frequency counts pages, not sections.
  const df = new Map<string, number>();
  let totalLength = 0;
  let sectionCount = 0;
  sectionTerms.forEach((sections, p) => {
    const seen = new Set<string>(titleTerms[p]?.keys());
    for (const {weighted, length} of sections) {
      for (const term of weighted.keys()) seen.add(term);
      totalLength += length;
      sectionCount += 1;
    }
    for (const term of seen) df.set(term, (df.get(term) ?? 0) + 1);
  });
  const avgLength = totalLength / Math.max(1, sectionCount);
  const n = pages.length;
  const idf = (term: string) => {
    const d = df.get(term) ?? 1;
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  /** BM25 of a (weighted) term frequency in a text of relative length `norm`. */
  const bm25 = (term: string, tf: number, norm: number) =>
    (idf(term) * tf * (K1 + 1)) / (tf + K1 * norm);

  // A page's score for a term: its title's, plus its best section's (heading
  // and text); the hit shows that section.
  const postings = new Map<string, [number, number, number][]>();
  const files = new Map<string, string>();
  let sectionId = 0;
  pages.forEach((page, p) => {
    const firstId = sectionId;
    const best = new Map<string, [number, number]>();
    page.sections.forEach((section, s) => {
      const id = sectionId;
      sectionId += 1;
      const {weighted, length} = sectionTerms[p]?.[s] ?? {weighted: new Map(), length: 0};
      const norm = 1 - B + (B * length) / avgLength;
      const sectionWeight = section.list ? options.listWeight : 1;
      for (const [term, tf] of weighted) {
        const score = sectionWeight * bm25(term, tf, norm);
        if (score > (best.get(term)?.[1] ?? 0)) best.set(term, [id, score]);
      }
      const hit: HitData = {
        u: section.anchor ? `${page.url}#${section.anchor}` : page.url,
        t: page.title,
        h: section.heading,
        p: page.path,
        x: Array.from(section.text).slice(0, options.snippetChars).join(''),
      };
      files.set(`d/${id}.json`, JSON.stringify(hit));
    });
    for (const [term, tf] of titleTerms[p] ?? []) {
      const [id, score] = best.get(term) ?? [firstId, 0];
      best.set(term, [id, score + bm25(term, tf * TITLE_WEIGHT, 1)]);
    }
    // A prefix term scores a page by the best of the words it starts there.
    const prefixes = new Map<string, [number, number]>();
    for (const [term, [id, score]] of best) {
      for (const prefix of prefixTerms(term)) {
        if (score > (prefixes.get(prefix)?.[1] ?? 0)) prefixes.set(prefix, [id, score]);
      }
    }
    for (const [term, [id, score]] of [...best, ...prefixes]) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push([p, id, score]);
    }
  });

  const words = new Map<string, number[]>();
  const chars = new Map<string, number[]>();
  for (const [term, list] of postings) {
    list.sort((a, b) => b[2] - a[2] || a[0] - b[0]);
    const flat = list
      .slice(0, options.postingsPerTerm)
      .flatMap(([p, id, score]) => [p, id, Math.max(1, Math.round(score * 100))]);
    (isCharTerm(term) ? chars : words).set(term, flat);
  }
  const wordShards = shardFiles('t', words, options.shardBytes);
  const charShards = shardFiles('u', chars, options.charShardBytes);

  // Typo lists: each word under its first and its last two letters, with
  // the number of pages that use it, the most used first.
  const typoLists = new Map<string, [string, number][]>();
  for (const [term, pagesWithTerm] of df) {
    if (!isTypoWord(term)) continue;
    for (const key of typoKeys(term)) {
      let list = typoLists.get(key);
      if (!list) typoLists.set(key, (list = []));
      list.push([term, pagesWithTerm]);
    }
  }
  const typoFlat = new Map<string, (string | number)[]>();
  for (const [key, list] of typoLists) {
    list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    typoFlat.set(key, list.flat());
  }
  const typoShards = shardFiles('f', typoFlat, options.shardBytes, typoShardOf);
  for (const [name, text] of [...wordShards.files, ...charShards.files, ...typoShards.files]) {
    files.set(name, text);
  }

  const manifest: Manifest = {
    shards: wordShards.count,
    charShards: charShards.count,
    typoShards: typoShards.count,
    pages: n,
    sections: sectionId,
  };
  files.set('manifest.json', JSON.stringify(manifest));
  return {manifest, files};
}
