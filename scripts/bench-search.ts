/**
 * npm run bench:search: the site search, measured in headless Chromium on
 * builds served by the production nginx config (gzip as deployed). For each
 * build it prints and writes to bench/search-results.json:
 *
 * for each query set of bench/search-queries.ts (whole words, half-typed
 * words, misspelt words):
 *
 * - first query: KB gzip downloaded from typing into the navbar box of a
 *   freshly loaded page until its first suggestion (code, index parts, hit
 *   data), median and max over the set, each query in a new browser context;
 *   and the time to that first suggestion at 4× CPU slowdown (median);
 * - per keystroke: each query typed one character at a time into the navbar
 *   box of a freshly loaded page at 4× CPU slowdown, the time from each
 *   keystroke to the suggestions for what is now in the box (p50 and p95 over
 *   all keystrokes of the set), and the KB downloaded while typing it;
 * - recall@3, recall@5, MRR and p50/p95 latency of the same queries typed one
 *   after the other on the /search page (warm);
 * - the build time of that build.
 *
 *   npm run bench:search                  build/ (run `npm run build` first, or
 *                                         pass --build to build and time it here)
 *   npm run bench:search -- --scale       also a build with 1,000 generated posts
 *                                         (scripts/bench/scale.ts), made if missing
 *   npm run bench:search -- --old=DIR --old-scale=DIR
 *                                         also builds of the previous engine
 *                                         (docusaurus-search-local), for comparison;
 *                                         DIR/build-time.json holds {seconds}
 *   npm run bench:search -- --pagefind    also Pagefind 1.6.0 (npx) indexing a copy of each
 *                                         build of this site, called as a navbar box would
 *                                         (no UI): its first query, recall and latency
 *   npm run bench:search -- --port=4307   another port (default: PORTS.search)
 *   npm run bench:search -- --index-only  no browser: the shape of build/'s index
 *                                         (shards, their sizes), in a report
 *   npm run bench:search -- --report-from=<results.json> [--date=YYYY-MM-DD] [--commit=]
 *       [--machine=] [--source=] [--what=search] [--note=]
 *                                         no measuring: the report of results written
 *                                         before (an older file lacks its dates)
 *
 * Each run also writes a dated report, bench/reports/<date>-search.md (or
 * -search-index.md), with the tables below and the index's shape.
 *
 * Not part of `npm test`: it measures, it does not assert.
 */
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type Browser, type Page, type Request} from '@playwright/test';
import {
  HALF_TYPED_QUERIES,
  MISSPELT_QUERIES,
  SEARCH_QUERIES,
  type SearchQuery,
} from '../bench/search-queries';
import {timedBuild} from './bench/build';
import {scaleSite} from './bench/scale';
import {load, table, writeReport} from './bench/reports';
import {PORTS} from './bench/sites';
import {ROOT, TMP, log as logLine} from './bench/util';
import {browserPath, CHROME_FLAGS, withNginx} from './lib/serve';

const ARGS = process.argv.slice(2);
const arg = (name: string) => ARGS.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const STARTED_AT = new Date();
const LOAD_AT_START = load();
const PORT = Number(arg('port') ?? PORTS.search);
/** Pasted sentences, timed like the first queries but kept out of the medians. */
const SENTENCES = [
  '服务器注册中心怎么同步',
  '如何在服务器上用命令行发现并登录远程的磁盘目标然后开机自动挂载',
];
const SCALE_POSTS = 1000;
/** Log lines carry the time: on a shared machine, to line them up with what else ran. */
const log = (message: string) => logLine(`${new Date().toISOString().slice(11, 19)} ${message}`);
const CPU_SLOWDOWN = 4;

type Engine = 'shard-search' | 'search-local' | 'pagefind';
type Site = {label: string; engine: Engine; posts: number; buildDir: string; buildSeconds: number};

/** The query sets, measured and reported one by one. */
const SETS = [
  {name: 'whole', label: 'whole words', queries: SEARCH_QUERIES},
  {name: 'half', label: 'half-typed', queries: HALF_TYPED_QUERIES},
  {name: 'typo', label: 'misspelt', queries: MISSPELT_QUERIES},
] as const satisfies readonly {name: string; label: string; queries: readonly SearchQuery[]}[];
type SetName = (typeof SETS)[number]['name'];

type FirstQuery = {query: string; kb: number; ms: number; requests: number; urls: string[]};
type Outcome = {query: string; rank: number | null; ms: number; top: string[]};
/** One query typed a character at a time: ms from each keystroke to its suggestions. */
type Typed = {query: string; keystrokeMs: number[]; kb: number};

/**
 * Runs in the page. Kept as source text because tsx would wrap the named
 * inner functions in a helper (`__name`) that does not exist in the page.
 * Types into the /search page's field and waits for the status line (result
 * count or "no results"); returns the result paths and the time taken.
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

/**
 * Records, in the page, when the reader first typed into the navbar box and
 * when the first suggestion row appeared.
 */
const IN_PAGE_TIMER = `() => {
  window.__typed = 0;
  window.__shown = 0;
  document.addEventListener('input', () => { window.__typed ||= performance.now(); }, true);
  new MutationObserver(() => {
    if (!window.__shown && document.querySelector('.navbar [role="listbox"] [role="option"]')) {
      window.__shown = performance.now();
    }
  }).observe(document.body, {childList: true, subtree: true});
}`;

/**
 * Runs in the page: types `q` into the navbar box one character at a time,
 * each keystroke as an input event, and waits after each for the dropdown to
 * show the answer for what is now in the box (its data-query); returns the
 * milliseconds from each keystroke to that.
 */
const IN_PAGE_KEYSTROKES = `async (q) => {
  const input = Array.from(document.querySelectorAll('nav.navbar input.navbar__search-input')).pop();
  if (!input) throw new Error('no search box');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const answered = (value) => {
    const list = document.querySelector('.navbar [role="listbox"]');
    return (list && list.getAttribute('data-query') === value) ||
      document.querySelector('.navbar__search [role="alert"]');
  };
  const until = (value) => new Promise((resolve) => {
    if (answered(value)) return resolve();
    const observer = new MutationObserver(() => {
      if (answered(value)) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.body, {childList: true, subtree: true, attributes: true});
  });
  input.focus();
  const chars = Array.from(q);
  const times = [];
  for (let i = 1; i <= chars.length; i += 1) {
    const value = chars.slice(0, i).join('');
    const started = performance.now();
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    await until(value);
    times.push(performance.now() - started);
  }
  return times;
}`;

/** Pagefind's own API, one call per keystroke: the time to the data of the first eight results. */
const IN_PAGE_PAGEFIND_KEYSTROKES = `async (q) => {
  window.__pagefind ??= await import('/pagefind/pagefind.js');
  const chars = Array.from(q);
  const times = [];
  for (let i = 1; i <= chars.length; i += 1) {
    const started = performance.now();
    const search = await window.__pagefind.search(chars.slice(0, i).join(''));
    await Promise.all(search.results.slice(0, 8).map((r) => r.data()));
    times.push(performance.now() - started);
  }
  return times;
}`;

/** Pagefind's own API, as a navbar box would call it: the data of the first eight results. */
const IN_PAGE_PAGEFIND = `async (q) => {
  const started = performance.now();
  window.__pagefind ??= await import('/pagefind/pagefind.js');
  const search = await window.__pagefind.search(q);
  const data = await Promise.all(search.results.slice(0, 8).map((r) => r.data()));
  const ms = performance.now() - started;
  const clean = (url) => new URL(url, location.origin).pathname.replace(/(\\/index)?\\.html$/, '') || '/';
  return {paths: data.map((d) => clean(d.url)), ms};
}`;
const PAGEFIND_VERSION = '1.6.0';

/** A copy of a build indexed by Pagefind: main content only, no navigation or TOC. */
function pagefindSite(from: Site, name: string): Site {
  const dir = join(TMP, name);
  rmSync(dir, {recursive: true, force: true});
  cpSync(from.buildDir, join(dir, 'build'), {recursive: true});
  const started = performance.now();
  execFileSync(
    'npx',
    [
      '--yes',
      `pagefind@${PAGEFIND_VERSION}`,
      '--site',
      join(dir, 'build'),
      '--root-selector',
      'main',
      '--exclude-selectors',
      'nav, .theme-doc-toc-desktop, .theme-doc-toc-mobile, .pagination-nav, .hash-link, .series-box',
    ],
    {stdio: ['ignore', 'ignore', 'inherit']},
  );
  const indexSeconds = (performance.now() - started) / 1000;
  return {
    ...from,
    label: from.label.replace('new', 'pagefind'),
    engine: 'pagefind',
    buildDir: join(dir, 'build'),
    buildSeconds: from.buildSeconds + indexSeconds,
  };
}

/**
 * A freshly loaded home page in a new browser context, hydrated and idle,
 * then slowed down 4×, counting the bytes of every request from then on.
 */
async function freshPage(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
  const counted = {bytes: 0, requests: 0, pending: 0, urls: [] as string[]};
  // The page's own idle-time route prefetches are not the search's: on a busy
  // machine one can land while the query is answered.
  const counts = (request: Request) => !/prefetch/.test(request.headers()['sec-purpose'] ?? '');
  page.on('request', (request) => {
    if (counts(request)) counted.pending += 1;
  });
  page.on('requestfailed', (request) => {
    if (counts(request)) counted.pending -= 1;
  });
  page.on('requestfinished', (request) => {
    if (!counts(request)) return;
    void request.sizes().then((sizes) => {
      counted.bytes += sizes.responseBodySize;
      counted.requests += 1;
      counted.pending -= 1;
      counted.urls.push(new URL(request.url()).pathname);
    });
  });
  /** Whatever the answer started (hit data) counts too. */
  const settled = async () => {
    for (let i = 0; i < 200 && counted.pending > 0; i += 1) await page.waitForTimeout(25);
  };
  return {context, page, counted, settled};
}

/** One query typed into the navbar box of a freshly loaded page, at 4× CPU slowdown. */
async function firstQuery(
  browser: Browser,
  origin: string,
  engine: Engine,
  query: string,
): Promise<FirstQuery> {
  const {context, page, counted, settled} = await freshPage(browser, origin);
  try {
    await page.evaluate(`(${IN_PAGE_TIMER})()`);
    let ms: number;
    if (engine === 'pagefind') {
      ms = (
        (await page.evaluate(`(${IN_PAGE_PAGEFIND})(${JSON.stringify(query)})`)) as {ms: number}
      ).ms;
    } else {
      await page.locator('nav.navbar input.navbar__search-input').last().fill(query);
      try {
        await page
          .locator('.navbar [role="listbox"] [role="option"]')
          .first()
          .waitFor({timeout: 120_000});
        ms = (await page.evaluate('window.__shown - window.__typed')) as number;
      } catch {
        // No suggestion row at all (the old engine's "no results"): no time to report.
        ms = NaN;
      }
    }
    await settled();
    return {query, kb: counted.bytes / 1024, ms, requests: counted.requests, urls: counted.urls};
  } finally {
    await context.close();
  }
}

/** One query typed a character at a time into a freshly loaded page, at 4× CPU slowdown. */
async function typedQuery(
  browser: Browser,
  origin: string,
  engine: Engine,
  query: string,
): Promise<Typed> {
  const {context, page, counted, settled} = await freshPage(browser, origin);
  try {
    const source = engine === 'pagefind' ? IN_PAGE_PAGEFIND_KEYSTROKES : IN_PAGE_KEYSTROKES;
    const keystrokeMs = (await page.evaluate(`(${source})(${JSON.stringify(query)})`)) as number[];
    await settled();
    return {query, keystrokeMs, kb: counted.bytes / 1024};
  } finally {
    await context.close();
  }
}

async function warmQueries(
  browser: Browser,
  origin: string,
  engine: Engine,
  queries: readonly SearchQuery[],
): Promise<Outcome[]> {
  const page: Page = await browser.newPage();
  await page.goto(`${origin}${engine === 'pagefind' ? '/' : '/search'}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  const source = engine === 'pagefind' ? IN_PAGE_PAGEFIND : IN_PAGE_QUERY;
  const run = (q: string) =>
    page.evaluate(`(${source})(${JSON.stringify(q)})`) as Promise<{
      paths: string[];
      ms: number;
    }>;
  // The first query pays for loading the index; the rest are timed warm.
  await run(SEARCH_QUERIES[0]?.query ?? 'MCP');
  const outcomes: Outcome[] = [];
  for (const {query, expect} of queries) {
    const {paths, ms} = await run(query);
    const wanted = typeof expect === 'string' ? [expect] : expect;
    const index = paths.slice(0, 5).findIndex((p) => wanted.includes(p));
    outcomes.push({query, rank: index < 0 ? null : index + 1, ms, top: paths.slice(0, 5)});
  }
  await page.close();
  return outcomes;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Files and bytes of the search index in a build. */
function indexSize(site: Site): {files: number; bytes: number} {
  const sub = {'shard-search': 'search-index', pagefind: 'pagefind', 'search-local': ''};
  const dir = join(site.buildDir, sub[site.engine]);
  const pattern = {
    'shard-search': /\.json$/,
    pagefind: /\.pf_\w+$/,
    'search-local': /^search-index.*\.json$/,
  }[site.engine];
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) =>
    pattern.test(f),
  );
  const bytes = files.reduce((sum, f) => sum + readFileSync(join(dir, f)).length, 0);
  return {files: files.length, bytes};
}

const median = (values: number[]) => percentile(values, 50);

async function measure(browser: Browser, site: Site) {
  const startedAt = new Date().toISOString();
  return withNginx(site.buildDir, PORT, false, async (origin) => {
    const sets = {} as Record<SetName, ReturnType<typeof summarise>>;
    const allFirst: FirstQuery[] = [];
    for (const set of SETS) {
      log(`${site.label}, ${set.label}: first queries at ${CPU_SLOWDOWN}× slowdown`);
      // The old engine's first query downloads the whole index whatever the
      // query; at 1,000 posts (tens of MB) a sample of five queries shows that.
      const sample =
        site.engine === 'search-local' && site.posts > 20 ? set.queries.slice(0, 5) : set.queries;
      const first: FirstQuery[] = [];
      for (const {query} of sample)
        first.push(await firstQuery(browser, origin, site.engine, query));
      allFirst.push(...first);
      // The old engine's box is not this one: no keystroke timings for it.
      const typed: Typed[] = [];
      if (site.engine !== 'search-local') {
        log(`${site.label}, ${set.label}: typing one character at a time`);
        for (const {query} of set.queries) {
          typed.push(await typedQuery(browser, origin, site.engine, query));
        }
      }
      log(`${site.label}, ${set.label}: warm queries`);
      const outcomes = await warmQueries(browser, origin, site.engine, set.queries);
      sets[set.name] = summarise(first, typed, outcomes);
    }
    const sentences: FirstQuery[] = [];
    for (const query of SENTENCES) {
      sentences.push(await firstQuery(browser, origin, site.engine, query));
    }
    return {
      ...site,
      startedAt,
      endedAt: new Date().toISOString(),
      // Over every query of every set.
      firstQueryKbMedian: median(allFirst.map((f) => f.kb)),
      firstQueryKbMax: Math.max(...allFirst.map((f) => f.kb)),
      firstQueries: allFirst.length,
      index: indexSize(site),
      sentences,
      sets,
    };
  });
}

function summarise(first: FirstQuery[], typed: Typed[], outcomes: Outcome[]) {
  const recallAt = (n: number) =>
    outcomes.filter((o) => o.rank !== null && o.rank <= n).length / outcomes.length;
  const times = outcomes.map((o) => o.ms);
  const keystrokes = typed.flatMap((t) => t.keystrokeMs);
  return {
    firstQueryKbMedian: median(first.map((f) => f.kb)),
    firstQueryKbMax: Math.max(...first.map((f) => f.kb)),
    firstQueries: first.length,
    firstSuggestionMsMedian: median(first.map((f) => f.ms)),
    keystrokes: keystrokes.length,
    keystrokeMsP50: keystrokes.length ? percentile(keystrokes, 50) : NaN,
    keystrokeMsP95: keystrokes.length ? percentile(keystrokes, 95) : NaN,
    typedKbMedian: typed.length ? median(typed.map((t) => t.kb)) : NaN,
    recallAt3: recallAt(3),
    recallAt5: recallAt(5),
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    first,
    typed,
    outcomes,
  };
}

function buildSeconds(dir: string): number {
  const file = join(dir, 'build-time.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as {seconds: number}).seconds
    : NaN;
}

/** The 1,000-post build of this site, made (and timed) unless it is already there. */
function scaleBuildDir(): string {
  const dir = join(TMP, `scale-${SCALE_POSTS}`);
  if (!existsSync(join(dir, 'build', 'search-index', 'manifest.json'))) {
    log(`building the site with ${SCALE_POSTS} generated posts`);
    scaleSite(SCALE_POSTS);
    const {seconds} = timedBuild(dir);
    writeFileSync(join(dir, 'build-time.json'), JSON.stringify({seconds}));
  }
  return dir;
}

async function main(): Promise<void> {
  const from = arg('report-from');
  if (from) return reportFrom(from);
  if (ARGS.includes('--index-only')) {
    writeReport({
      what: 'search-index',
      title: 'npm run bench:search -- --index-only',
      startedAt: STARTED_AT,
      endedAt: new Date(),
      command: `npm run bench:search -- ${ARGS.join(' ')}`,
      body: indexShape('build/', resolve(ROOT, 'build')),
    });
    return;
  }
  const sites: Site[] = [];
  const old = arg('old');
  if (old) {
    const dir = resolve(old);
    sites.push({
      label: 'old, 20 posts',
      engine: 'search-local',
      posts: 20,
      buildDir: join(dir, 'build'),
      buildSeconds: buildSeconds(dir),
    });
  }
  if (process.argv.includes('--build')) {
    log('building the site');
    const {seconds} = timedBuild(ROOT);
    writeFileSync(join(TMP, 'build-time.json'), JSON.stringify({seconds}));
  }
  sites.push({
    label: 'new, 20 posts',
    engine: 'shard-search',
    posts: 20,
    buildDir: resolve('build'),
    buildSeconds: buildSeconds(TMP),
  });
  const oldScale = arg('old-scale');
  if (oldScale) {
    const dir = resolve(oldScale);
    sites.push({
      label: `old, ${SCALE_POSTS} posts`,
      engine: 'search-local',
      posts: SCALE_POSTS,
      buildDir: join(dir, 'build'),
      buildSeconds: buildSeconds(dir),
    });
  }
  if (process.argv.includes('--scale')) {
    const dir = scaleBuildDir();
    sites.push({
      label: `new, ${SCALE_POSTS} posts`,
      engine: 'shard-search',
      posts: SCALE_POSTS,
      buildDir: join(dir, 'build'),
      buildSeconds: buildSeconds(dir),
    });
  }

  if (process.argv.includes('--pagefind')) {
    for (const site of sites.filter((x) => x.engine === 'shard-search')) {
      log(`${site.label}: indexing a copy with Pagefind ${PAGEFIND_VERSION}`);
      sites.push(pagefindSite(site, `pagefind-${site.posts}`));
    }
  }

  const browser = await chromium.launch({executablePath: browserPath(), args: CHROME_FLAGS});
  const results = [];
  try {
    for (const site of sites) results.push(await measure(browser, site));
  } finally {
    await browser.close();
  }

  printResults(results);
  const file = join(ROOT, 'bench/search-results.json');
  writeFileSync(file, `${JSON.stringify({cpuSlowdown: CPU_SLOWDOWN, results}, null, 2)}\n`);
  writeReport({
    what: 'search',
    title: 'npm run bench:search',
    startedAt: STARTED_AT,
    endedAt: new Date(),
    command: ['npm run bench:search', ...(ARGS.length ? ['--', ...ARGS] : [])].join(' '),
    load: [LOAD_AT_START, load()],
    source: relative(ROOT, file),
    body: [
      searchReportBody(results, CPU_SLOWDOWN),
      ...sites
        .filter((site) => site.engine === 'shard-search')
        .map((site) => indexShape(site.label, site.buildDir)),
    ].join('\n\n'),
  });
}

function printResults(results: readonly Measured[]): void {
  const row = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart(10) : c.padEnd(28))).join('');
  console.log(
    row([
      '',
      'KB med',
      'KB max',
      `1st ms`,
      `key p50`,
      `key p95`,
      'typed KB',
      'recall@3',
      'recall@5',
      'MRR',
      'p50 ms',
      'p95 ms',
    ]),
  );
  for (const r of results) {
    for (const set of SETS) {
      const s = r.sets[set.name];
      console.log(
        row([
          `${r.label}, ${set.label}`,
          fixed(s.firstQueryKbMedian, 1),
          fixed(s.firstQueryKbMax, 1),
          fixed(s.firstSuggestionMsMedian, 0),
          fixed(s.keystrokeMsP50, 0),
          fixed(s.keystrokeMsP95, 0),
          fixed(s.typedKbMedian, 1),
          fixed(s.recallAt3, 3),
          fixed(s.recallAt5, 3),
          fixed(s.mrr, 3),
          fixed(s.p50Ms, 1),
          fixed(s.p95Ms, 1),
        ]),
      );
      for (const o of s.outcomes.filter((x) => !x.rank || x.rank > 3)) {
        console.log(
          `  ${o.rank ? `rank ${o.rank}` : 'MISS'} ${o.query}: ${o.top.join('  ') || '(none)'}`,
        );
      }
    }
    console.log(
      `  all ${r.firstQueries} first queries: ${r.firstQueryKbMedian.toFixed(1)} KB median, ` +
        `${r.firstQueryKbMax.toFixed(1)} KB max; build ${r.buildSeconds.toFixed(1)} s; ` +
        `index ${(r.index.bytes / 1024 / 1024).toFixed(2)} MB in ${r.index.files} files`,
    );
    for (const f of r.sentences) {
      console.log(`  first query "${f.query}": ${f.kb.toFixed(1)} KB, ${f.ms.toFixed(0)} ms`);
    }
  }
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

type Measured = Awaited<ReturnType<typeof measure>>;
/** What a report needs of one set; older result files lack the keystroke and recall@3 figures. */
type SetFigures = Pick<
  ReturnType<typeof summarise>,
  | 'firstQueryKbMedian'
  | 'firstQueryKbMax'
  | 'firstQueries'
  | 'firstSuggestionMsMedian'
  | 'recallAt5'
  | 'mrr'
  | 'p50Ms'
  | 'p95Ms'
> &
  Partial<
    Pick<
      ReturnType<typeof summarise>,
      'keystrokeMsP50' | 'keystrokeMsP95' | 'typedKbMedian' | 'recallAt3'
    >
  >;
/**
 * One build's results, as this script wrote them; files written before the
 * query sets existed hold one set's figures at the top level, and no dates.
 */
type StoredResult = Partial<SetFigures> &
  Pick<
    Measured,
    | 'label'
    | 'posts'
    | 'buildSeconds'
    | 'firstQueries'
    | 'firstQueryKbMedian'
    | 'firstQueryKbMax'
    | 'index'
  > & {
    startedAt?: string;
    endedAt?: string;
    sentences: readonly Pick<FirstQuery, 'query' | 'kb' | 'ms'>[];
    sets?: Partial<Record<SetName, SetFigures>>;
  };

/** The report's tables: each build and query set, each build, and the pasted sentences. */
function searchReportBody(results: readonly StoredResult[], cpuSlowdown: number): string {
  const intro =
    `KB are gzip bytes as served by deploy/nginx.conf. First queries and keystrokes at ${cpuSlowdown}× CPU ` +
    'slowdown, each query in a fresh page; recall, MRR and the warm times on the /search page. ' +
    'Query sets: bench/search-queries.ts. `–`: not measured for that build.';
  const perSet = results.flatMap((r) =>
    SETS.flatMap((set) => {
      const s: Partial<SetFigures> | undefined = r.sets
        ? r.sets[set.name]
        : set.name === 'whole'
          ? r
          : undefined;
      if (!s) return [];
      return [
        [
          r.label,
          set.label,
          `${fixed(s.firstQueryKbMedian, 1)} / ${fixed(s.firstQueryKbMax, 1)}`,
          fixed(s.firstSuggestionMsMedian, 0),
          `${fixed(s.keystrokeMsP50, 0)} / ${fixed(s.keystrokeMsP95, 0)}`,
          fixed(s.typedKbMedian, 1),
          fixed(s.recallAt3, 3),
          fixed(s.recallAt5, 3),
          fixed(s.mrr, 3),
          `${fixed(s.p50Ms, 1)} / ${fixed(s.p95Ms, 1)}`,
        ],
      ];
    }),
  );
  const perBuild = results.map((r) => [
    r.label,
    r.startedAt ? `${r.startedAt.slice(11, 16)}–${r.endedAt?.slice(11, 16) ?? '?'}` : '–',
    String(r.firstQueries),
    `${fixed(r.firstQueryKbMedian, 1)} / ${fixed(r.firstQueryKbMax, 1)}`,
    fixed(r.buildSeconds, 1),
    `${fixed(r.index.bytes / 1024 / 1024, 2)} / ${r.index.files}`,
  ]);
  const sentences = results.flatMap((r) =>
    r.sentences.map((f) => [r.label, f.query, fixed(f.kb, 1), fixed(f.ms, 0)]),
  );
  return [
    intro,
    '## Each build and query set',
    table(
      [
        'build',
        'queries',
        'first query KB (median / max)',
        'first suggestion ms (median)',
        'per keystroke ms (p50 / p95)',
        'typed KB (median)',
        'recall@3',
        'recall@5',
        'MRR',
        'warm ms (p50 / p95)',
      ],
      perSet,
    ),
    '## Each build',
    table(
      [
        'build',
        'measured (UTC)',
        'first queries',
        'first query KB over all sets (median / max)',
        'build s',
        'index MB / files',
      ],
      perBuild,
    ),
    '## Pasted sentences (first query, not in the medians)',
    table(['build', 'query', 'KB', 'ms'], sentences),
  ].join('\n\n');
}

/** The index of one build of this site: its manifest and each kind of file, gzip as nginx serves it. */
function indexShape(label: string, buildDir: string): string {
  const dir = join(buildDir, 'search-index');
  const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8').trim();
  const kinds = [
    ['t', 'word shards'],
    ['u', 'single-character shards'],
    ['f', 'typo lists'],
    ['d', 'section data'],
  ] as const;
  const rows = kinds.map(([sub, name]) => {
    const files = readdirSync(join(dir, sub)).map((f) => readFileSync(join(dir, sub, f)));
    const raw = files.map((b) => b.length / 1024);
    const gzip = files.map((b) => gzipSync(b, {level: 6}).length / 1024);
    return [
      `\`${sub}/\` ${name}`,
      String(files.length),
      fixed(median(raw), 1),
      fixed(median(gzip), 1),
      fixed(Math.max(...gzip), 1),
    ];
  });
  return [
    `## Index of ${label}`,
    `\`${relative(ROOT, dir) || dir}/manifest.json\`: \`${manifest}\``,
    table(['files', 'count', 'KB raw (median)', 'KB gzip -6 (median)', 'KB gzip -6 (max)'], rows),
  ].join('\n\n');
}

/** --report-from: the report of a results file written before, nothing measured. */
function reportFrom(file: string): void {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as {
    cpuSlowdown: number;
    results: StoredResult[];
  };
  const started = stored.results.map((r) => r.startedAt).filter(Boolean) as string[];
  const ended = stored.results.map((r) => r.endedAt).filter(Boolean) as string[];
  const date = arg('date');
  if (!started.length && !date) throw new Error(`${file} has no dates: give --date=YYYY-MM-DD`);
  const note = arg('note');
  writeReport({
    what: arg('what') ?? 'search',
    title: 'npm run bench:search (report of stored results)',
    startedAt: new Date(started.sort()[0] ?? `${date}T00:00:00Z`),
    endedAt: new Date(ended.sort().at(-1) ?? `${date}T00:00:00Z`),
    // The long notes are in the report's text already.
    command: `npm run bench:search -- ${ARGS.map((a) => a.replace(/^(--(?:note|machine|commit)=).+/, '$1…')).join(' ')}`,
    source: arg('source') ?? relative(ROOT, resolve(file)),
    commit: arg('commit') ?? 'not recorded in the results',
    machine: arg('machine') ?? 'not recorded in the results',
    body: [...(note ? [note] : []), searchReportBody(stored.results, stored.cpuSlowdown)].join(
      '\n\n',
    ),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
