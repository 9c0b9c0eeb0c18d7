/**
 * The browser side of the sharded search: fetches the manifest, then for each
 * query only the shards of its terms, then the data of the hits it shows.
 * Loaded on the reader's first interaction with a search field.
 */
import type {HitData, Manifest, Shard} from './build';
import {isCharTerm, queryTerms, shardOf} from './tokenize';

export type Hit = HitData & Readonly<{page: number}>;
export type Results = Readonly<{query: string; total: number; hits: readonly Hit[]}>;

export type Engine = Readonly<{
  /** Fetches the manifest, so the first query has less to wait for. */
  prepare: () => Promise<void>;
  /** Pages matching `query`, best first, with the data of the first `limit`. */
  search: (query: string, limit: number) => Promise<Results>;
}>;

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
    return Object.prototype.hasOwnProperty.call(shard, term) ? (shard[term] ?? []) : [];
  }

  async function search(query: string, limit: number): Promise<Results> {
    const terms = queryTerms(query);
    const lists = await Promise.all(terms.map(({term}) => postings(term)));
    const totalWeight = terms.reduce((sum, {weight}) => sum + weight, 0);
    type Page = {page: number; score: number; matched: number; sections: Map<number, number>};
    const pages = new Map<number, Page>();
    lists.forEach((list, i) => {
      const weight = terms[i]?.weight ?? 0;
      for (let j = 0; j + 2 < list.length; j += 3) {
        const [page = 0, section = 0, score = 0] = list.slice(j, j + 3);
        let entry = pages.get(page);
        if (!entry) pages.set(page, (entry = {page, score: 0, matched: 0, sections: new Map()}));
        entry.score += weight * score;
        entry.matched += weight;
        entry.sections.set(section, (entry.sections.get(section) ?? 0) + weight * score);
      }
    });
    // A page with more of the query's terms beats one that repeats a few.
    const ranked = [...pages.values()]
      .map((p) => ({...p, score: (p.score * p.matched) / totalWeight}))
      .sort((a, b) => b.score - a.score || a.page - b.page);
    const hits = await Promise.all(
      ranked.slice(0, limit).map(async ({page, sections}) => {
        const [section] = [...sections].reduce((best, next) => (next[1] > best[1] ? next : best));
        return {...(await load<HitData>(`d/${section}.json`)), page};
      }),
    );
    return {query, total: ranked.length, hits};
  }

  return {prepare: () => manifest().then(() => undefined), search};
}
