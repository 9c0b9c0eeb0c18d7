/**
 * The browser side of the sharded search: fetches the manifest, then for each
 * query only the shards of its terms, then the data of the hits it shows. A
 * word that finds nothing, not even as the start of a longer word, is looked
 * up once more with one typo forgiven: two small typo lists name the indexed
 * words it could be, and the shards of the few most used are fetched.
 * Loaded on the reader's first interaction with a search field.
 */
import {typoShardOf, type HitData, type Manifest, type Shard, type TypoShard} from '../build';
import {
  TYPO_WEIGHT,
  isCharTerm,
  oneEditApart,
  querySlots,
  shardOf,
  typoKeys,
  type QueryTerm,
} from './tokenize';

export type Hit = HitData & Readonly<{page: number; score: number}>;
export type Results = Readonly<{
  query: string;
  total: number;
  hits: readonly Hit[];
  /** Indexed words looked up in place of a query word that found nothing (one typo away). */
  corrections: readonly string[];
}>;

export type Engine = Readonly<{
  /** Fetches the manifest, so the first query has less to wait for. */
  prepare: () => Promise<void>;
  /** Pages matching `query`, best first, with the data of the first `limit`. */
  search: (query: string, limit: number) => Promise<Results>;
}>;

/** Corrections looked up for one misspelt word: the ones most pages use. */
const TYPO_CANDIDATES = 3;

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

export function createEngine(indexUrl: string): Engine {
  const cache = new Map<string, Promise<unknown>>();
  /** Each file once; a failed fetch is forgotten so the next query retries it. */
  const load = <T>(path: string): Promise<T> => {
    let promise = cache.get(path) as Promise<T> | undefined;
    if (!promise) {
      promise = fetch(`${indexUrl}${path}`).then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${path}`);
        return response.json() as Promise<T>;
      });
      promise.catch(() => cache.delete(path));
      cache.set(path, promise);
    }
    return promise;
  };
  const manifest = () => load<Manifest>('manifest.json');

  async function postings(term: string): Promise<number[]> {
    const {shards, charShards} = await manifest();
    const shard = isCharTerm(term)
      ? await load<Shard>(`u/${shardOf(term, charShards)}.json`)
      : await load<Shard>(`t/${shardOf(term, shards)}.json`);
    return own(shard, term) ?? [];
  }

  /** Indexed words one edit away from `word`, the most used first. */
  async function corrections(word: string): Promise<string[]> {
    const {typoShards} = await manifest();
    const lists = await Promise.all(
      typoKeys(word).map(async (key) => {
        const shard = await load<TypoShard>(`f/${typoShardOf(key, typoShards)}.json`);
        return own(shard, key) ?? [];
      }),
    );
    const found = new Map<string, number>();
    for (const list of lists) {
      for (let i = 0; i + 1 < list.length; i += 2) {
        const [candidate, pages] = [list[i], list[i + 1]];
        if (typeof candidate === 'string' && typeof pages === 'number') {
          if (oneEditApart(word, candidate)) found.set(candidate, pages);
        }
      }
    }
    return [...found]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, TYPO_CANDIDATES)
      .map(([candidate]) => candidate);
  }

  type Lookup = QueryTerm & Readonly<{list: number[]}>;

  async function search(query: string, limit: number): Promise<Results> {
    const slots = querySlots(query);
    const lookedUp = (terms: readonly QueryTerm[]) =>
      Promise.all(terms.map(async (t): Promise<Lookup> => ({...t, list: await postings(t.term)})));
    const found = await Promise.all(slots.map((slot) => lookedUp(slot.lookups)));
    // A word that found nothing: its corrections, at a lower weight.
    const corrected: string[] = [];
    await Promise.all(
      slots.map(async (slot, i) => {
        if (!slot.typo || found[i]?.some(({list}) => list.length > 0)) return;
        const words = await corrections(slot.typo);
        corrected.push(...words);
        found[i] = await lookedUp(words.map((term) => ({term, weight: slot.weight * TYPO_WEIGHT})));
      }),
    );

    const totalWeight = slots.reduce((sum, {weight}) => sum + weight, 0);
    type Page = {
      page: number;
      score: number;
      matched: number;
      found: boolean;
      sections: Map<number, number>;
    };
    const pages = new Map<number, Page>();
    found.forEach((lookups, i) => {
      const optional = slots[i]?.optional ?? false;
      // A page scores a slot by its best lookup: an exact word beats the start of a longer one.
      const best = new Map<number, {score: number; weight: number; section: number}>();
      for (const {weight, list} of lookups) {
        for (let j = 0; j + 2 < list.length; j += 3) {
          const [page = 0, section = 0, score = 0] = list.slice(j, j + 3);
          if (weight * score > (best.get(page)?.score ?? 0)) {
            best.set(page, {score: weight * score, weight, section});
          }
        }
      }
      for (const [page, {score, weight, section}] of best) {
        let entry = pages.get(page);
        if (!entry) {
          pages.set(
            page,
            (entry = {page, score: 0, matched: 0, found: false, sections: new Map()}),
          );
        }
        entry.score += score;
        entry.matched += weight;
        entry.found ||= !optional;
        entry.sections.set(section, (entry.sections.get(section) ?? 0) + score);
      }
    });
    // An optional slot alone finds a page only when nothing else finds any.
    const someFound = [...pages.values()].some((p) => p.found);
    // A page with more of the query's terms beats one that repeats a few.
    const ranked = [...pages.values()]
      .filter((p) => p.found || !someFound)
      .map((p) => ({...p, score: (p.score * p.matched) / totalWeight}))
      .sort((a, b) => b.score - a.score || a.page - b.page);
    const hits = await Promise.all(
      ranked.slice(0, limit).map(async ({page, score, sections}) => {
        const [section] = [...sections].reduce((best, next) => (next[1] > best[1] ? next : best));
        return {...(await load<HitData>(`d/${section}.json`)), page, score};
      }),
    );
    return {query, total: ranked.length, hits, corrections: corrected};
  }

  return {prepare: () => manifest().then(() => undefined), search};
}
