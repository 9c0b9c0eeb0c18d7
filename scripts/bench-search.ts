/**
 * npm run bench:search: runs the committed query set (bench/search-queries.ts)
 * against the built site's offline search in headless Chromium and prints
 * recall@5, mean reciprocal rank, p50/p95 query latency and the index size.
 * Needs `npm run build` first. Not part of `npm test`: it measures, it does not assert.
 *
 *   npm run bench:search                      the site's own engine (docusaurus-search-local)
 *   npm run bench:search -- --engine=pagefind the same build indexed by Pagefind, for comparison
 */
import {execFileSync} from 'node:child_process';
import {cpSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type Page} from '@playwright/test';
import {SEARCH_QUERIES, type SearchQuery} from '../bench/search-queries';
import {CHROME_FLAGS, CHROMIUM, serve, stop, waitForServer} from './lib/serve';

const PORT = 4175;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ENGINE = process.argv.includes('--engine=pagefind') ? 'pagefind' : 'search-local';
const PAGEFIND_SITE = resolve('bench/tmp/pagefind-build');
const PAGEFIND_VERSION = '1.6.0';

type Outcome = {
  query: string;
  kind: SearchQuery['kind'];
  rank: number | null;
  ms: number;
  top: string[];
};

/**
 * Runs in the page. Kept as source text because tsx would wrap the named
 * inner functions in a helper (`__name`) that does not exist in the page.
 */
const IN_PAGE_QUERY = `async (q) => {
  const input = document.querySelector('input[name="q"]');
  if (!input) throw new Error('no search field on /search');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const type = (value) => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', {bubbles: true}));
  };
  const status = () => input.closest('.container').querySelector(':scope > p');
  type('');
  while (status()) await new Promise((r) => requestAnimationFrame(r));
  const started = performance.now();
  type(q);
  while (!status()) await new Promise((r) => setTimeout(r, 1));
  const ms = performance.now() - started;
  const links = Array.from(document.querySelectorAll('section article h2 a'));
  return {paths: links.map((a) => new URL(a.href).pathname), ms};
}`;

/** Pagefind's own API, as a wrapped SearchBar would call it: top five results. */
const IN_PAGE_PAGEFIND = `async (q) => {
  window.__pagefind ??= await import('/pagefind/pagefind.js');
  const started = performance.now();
  const search = await window.__pagefind.search(q);
  const data = await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
  const ms = performance.now() - started;
  const clean = (url) => new URL(url, location.origin).pathname.replace(/(\\/index)?\\.html$/, '') || '/';
  return {paths: data.map((d) => clean(d.url)), ms};
}`;

/**
 * Types one query into the full results page's field and waits for the
 * result count (or the "no results" line) to appear. Returns the result paths
 * in order and the in-page time from input to rendered results.
 */
async function runQuery(page: Page, query: string): Promise<{paths: string[]; ms: number}> {
  const source = ENGINE === 'pagefind' ? IN_PAGE_PAGEFIND : IN_PAGE_QUERY;
  return page.evaluate(`(${source})(${JSON.stringify(query)})`);
}

/** A copy of the build indexed by Pagefind: main content only, no navigation or TOC. */
function preparePagefind(): void {
  rmSync(PAGEFIND_SITE, {recursive: true, force: true});
  cpSync('build', PAGEFIND_SITE, {recursive: true});
  execFileSync(
    'npx',
    [
      '--yes',
      `pagefind@${PAGEFIND_VERSION}`,
      '--site',
      PAGEFIND_SITE,
      '--root-selector',
      'main',
      '--exclude-selectors',
      'nav, .theme-doc-toc-desktop, .theme-doc-toc-mobile, .pagination-nav, .hash-link',
    ],
    {stdio: ['ignore', 'ignore', 'inherit']},
  );
}

function indexBytes(): {files: number; raw: number; gzip: number} {
  const dir = ENGINE === 'pagefind' ? join(PAGEFIND_SITE, 'pagefind') : 'build';
  const pattern = ENGINE === 'pagefind' ? /(\.pf_\w+|\.js|\.wasm\.\w+)$/ : /^search-index.*\.json$/;
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) =>
    pattern.test(f),
  );
  const buffers = files.map((f) => readFileSync(join(dir, f)));
  return {
    files: files.length,
    raw: buffers.reduce((sum, b) => sum + b.length, 0),
    gzip: buffers.reduce((sum, b) => sum + gzipSync(b, {level: 9}).length, 0),
  };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function main(): Promise<void> {
  if (ENGINE === 'pagefind') preparePagefind();
  const server = serve('.', PORT, ENGINE === 'pagefind' ? PAGEFIND_SITE : undefined);
  try {
    await waitForServer(`${ORIGIN}/`);
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
    const page = await browser.newPage();
    await page.goto(`${ORIGIN}${ENGINE === 'pagefind' ? '/' : '/search'}`);
    // The first query pays for fetching the index and starting the worker.
    const first = await runQuery(page, SEARCH_QUERIES[0]?.query ?? 'MCP');

    const outcomes: Outcome[] = [];
    for (const {query, kind, expect} of SEARCH_QUERIES) {
      const {paths, ms} = await runQuery(page, query);
      const wanted = typeof expect === 'string' ? [expect] : expect;
      const index = paths.slice(0, 5).findIndex((p) => wanted.includes(p));
      outcomes.push({query, kind, rank: index < 0 ? null : index + 1, ms, top: paths.slice(0, 5)});
    }
    await browser.close();

    const hits = outcomes.filter((o) => o.rank !== null);
    const mrr = outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length;
    const times = outcomes.map((o) => o.ms);
    const index = indexBytes();
    const summary = {
      queries: outcomes.length,
      recallAt5: hits.length / outcomes.length,
      mrr,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      firstQueryWithIndexLoadMs: first.ms,
      index,
    };

    for (const o of outcomes) {
      console.log(
        `${o.rank ? `#${o.rank}` : 'MISS'}\t${o.ms.toFixed(1)} ms\t[${o.kind}] ${o.query}`,
      );
      if (!o.rank) console.log(`\t\ttop 5: ${o.top.join('  ') || '(none)'}`);
    }
    console.log(`
engine             ${ENGINE}
queries            ${summary.queries}
recall@5           ${summary.recallAt5.toFixed(3)}
MRR                ${summary.mrr.toFixed(3)}
latency p50 / p95  ${summary.p50Ms.toFixed(1)} ms / ${summary.p95Ms.toFixed(1)} ms
first query        ${summary.firstQueryWithIndexLoadMs.toFixed(1)} ms (index fetch + worker start)
index              ${index.files} file(s), ${(index.raw / 1024).toFixed(1)} KiB raw, ${(index.gzip / 1024).toFixed(1)} KiB gzip`);
    writeFileSync(
      `bench/search-results.${ENGINE}.json`,
      `${JSON.stringify({engine: ENGINE, summary, outcomes}, null, 2)}\n`,
    );
  } finally {
    stop(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
