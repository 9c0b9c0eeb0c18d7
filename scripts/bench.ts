/**
 * npm run bench: measures this site and, side by side in the same run, a stock
 * create-docusaurus@3.7.0 classic TypeScript site (zh-Hans, Faster on), and
 * the limit: our build with its scripts removed. Prints tables and writes
 * bench/results.json. Not part of `npm test`.
 *
 *   npm run bench                      everything (40 minutes or more on 2 cores)
 *   npm run bench -- --quick           one Lighthouse run per page, no scale test
 *   npm run bench -- --mobile-only     no desktop Lighthouse runs (the tables print mobile)
 *   npm run bench -- --no-slow         no slow-device runs (Lighthouse mobile at 8× CPU slowdown)
 *   npm run bench -- --points=20,1000  the full run with only these scale points
 *   npm run bench -- --scale=20,200,1000   only the scale test: ours and stock grown to
 *                                      these post counts with the same generated posts,
 *                                      in one run: build time, peak memory, first-load JS
 *                                      of a post, the home page, the blog list and a doc,
 *                                      and the post page's HTML
 *   npm run bench -- --only=composition   what main.js holds, by package (also: npm run bench:main-js)
 *   npm run bench -- --only=compare --before=<build dir>   Lighthouse mobile and slow device
 *                                      of a few routes (--routes=post,blog list,author), an
 *                                      earlier build of ours beside ours, stock and the limit,
 *                                      in interleaved rounds (--runs=3)
 *   npm run bench -- --only=longtasks     the long tasks of one page load on a phone, named
 *                                      (--path=, --slowdown=4,8, --runs=3, --dir=<build dir>)
 *   npm run bench -- --only=article --before=<build dir>   what a post or doc page costs,
 *                                      ours beside an earlier build: first-load JS of every
 *                                      post and doc, ScriptDuration of the longest and
 *                                      shortest post (4× CPU, --runs=5), fibres in the
 *                                      article (see scripts/bench/article.ts)
 *   npm run bench -- --only=trace      what the main thread does while a post loads, by
 *                                      Lighthouse's groups and trace event: ours, stock
 *                                      rendering the same posts, the limit, and builds
 *                                      given as --site=name=<build dir>, in interleaved
 *                                      rounds (--runs=5, --paths=, --slowdown=8, --detail, --from=<kept
 *                                      traces>; see scripts/bench/trace.ts)
 *
 * The parts, each readable on its own, are in scripts/bench/: build.ts (build
 * time and memory), weight.ts (bytes per route), lighthouse.ts, limit.ts,
 * stock.ts, scale.ts, composition.ts (main.js by package), report.ts (tables).
 * Partial runs write bench/tmp/results-<part>.json, not bench/results.json.
 * Every run also writes what it printed, with its date, commit, machine and
 * command, to bench/reports/<date>-bench-<part>.md (scripts/bench/reports.ts).
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {withNginx} from './lib/serve';
import {buildFigures, timedBuild} from './bench/build';
import {mainJsComposition} from './bench/composition';
import {lighthouseFigures} from './bench/lighthouse';
import {formatLongTasks, longTaskProfile} from './bench/longtasks';
import {compare, formatCompare} from './bench/compare';
import {formatTrace, summariseKept, TRACE_PATHS, traceColumns, traceRun} from './bench/trace';
import {articleRun, formatArticle, type ArticleColumn} from './bench/article';
import type {FormFactor} from './bench/lighthouse';
import {prepareLimit} from './bench/limit';
import {
  formatBuild,
  formatComposition,
  formatLighthouse,
  formatScale,
  formatWeights,
} from './bench/report';
import {load, printed, writeReport} from './bench/reports';
import {scaleRun} from './bench/scale';
import {LIMIT, OURS, PORTS, STOCK} from './bench/sites';
import {prepareStock} from './bench/stock';
import type {BuildFigures, RouteType, Site, SiteResults} from './bench/types';
import {log, ROOT, TMP} from './bench/util';
import {pageWeights} from './bench/weight';

const argv = process.argv.slice(2);
const option = (name: string) =>
  argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = argv.includes('--quick');
const MOBILE_ONLY = argv.includes('--mobile-only');
const SLOW = !argv.includes('--no-slow');
const ONLY = option('only');
const SCALE_ONLY = option('scale')
  ?.split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const POINTS = option('points')
  ?.split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const SCALE_POSTS = POINTS ?? (QUICK ? [] : [20, 200, 1000]);
const ROUTES = Object.keys(OURS.routes) as RouteType[];
const STARTED_AT = new Date();
const LOAD_AT_START = load();

/** What the run printed, for its report. */
const shown: string[] = [];
function show(text: string): void {
  console.log(`\n${text}\n`);
  shown.push(text);
}

/** Weight and Lighthouse of every route of `site`, served as it would be deployed. */
async function measureServed(
  site: Site,
  build: BuildFigures | null,
  port: number,
): Promise<SiteResults> {
  return withNginx(site.buildDir, port, site.securityHeaders, async (origin) => {
    log(`${site.name}: page weight`);
    const weight = await pageWeights(site, origin);
    const lighthouse: SiteResults['lighthouse'] = {};
    for (const [type, path] of Object.entries(site.routes)) {
      // Lighthouse refuses to audit a page served with status 404.
      if (type === '404') continue;
      log(`${site.name}: lighthouse ${type}`);
      lighthouse[type] = {
        mobile: lighthouseFigures(origin + path, 'mobile', LIGHTHOUSE_RUNS),
        ...(MOBILE_ONLY
          ? {}
          : {desktop: lighthouseFigures(origin + path, 'desktop', LIGHTHOUSE_RUNS)}),
        ...(SLOW ? {slow: lighthouseFigures(origin + path, 'slow', LIGHTHOUSE_RUNS)} : {}),
      };
    }
    return {build, weight, lighthouse};
  });
}

/** The raw results, and the dated report of what the run printed (bench/reports/). */
function writeResults(file: string, results: object, part: string): void {
  mkdirSync(join(file, '..'), {recursive: true});
  writeFileSync(
    file,
    `${JSON.stringify({measuredAt: new Date().toISOString(), ...results}, null, 2)}\n`,
  );
  log(`wrote ${file}`);
  writeReport({
    what: `bench-${part}`,
    title: `npm run bench (${part})`,
    startedAt: STARTED_AT,
    endedAt: new Date(),
    command: ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '),
    load: [LOAD_AT_START, load()],
    source: relative(ROOT, file),
    body: shown.map(printed).join('\n\n'),
  });
}

/** After a normal build of this tree in OURS.buildDir. */
function composition(): ReturnType<typeof mainJsComposition> {
  log('main.js composition: build with source maps');
  return mainJsComposition(OURS.buildDir);
}

async function scaleOnly(counts: number[]): Promise<void> {
  prepareStock();
  const scale = await scaleRun(counts);
  show(formatScale(scale));
  writeResults(join(TMP, 'results-scale.json'), {scale}, 'scale');
}

async function full(): Promise<void> {
  mkdirSync(TMP, {recursive: true});
  prepareStock();
  log('ours: cold and warm build');
  const ours = await measureServed(OURS, buildFigures(OURS.dir), PORTS.ours);
  log(`limit: our build without scripts (${prepareLimit()} HTML files changed)`);
  const limit = await measureServed(LIMIT, null, PORTS.limit);
  const mainJs = composition();
  log('stock: cold and warm build');
  const stock = await measureServed(STOCK, buildFigures(STOCK.dir), PORTS.stock);
  const oursBuild = ours.build as BuildFigures;
  const scale = SCALE_POSTS.length ? await scaleRun(SCALE_POSTS) : [];
  show(formatBuild(oursBuild, stock.build as BuildFigures));
  show(formatWeights(ROUTES, {ours, stock, limit}));
  show(formatLighthouse(ROUTES, {ours, stock, limit}));
  if (SLOW) show(formatLighthouse(ROUTES, {ours, stock, limit}, 'slow'));
  show(formatComposition(mainJs));
  if (scale.length) show(formatScale(scale));
  writeResults(
    join(ROOT, 'bench/results.json'),
    {quick: QUICK, ours, stock, limit, mainJs, scale},
    'full',
  );
}

/** Long tasks of the post page (or --path=) at each slowdown, from a build served by nginx. */
async function longTasks(): Promise<void> {
  const path = option('path') ?? OURS.routes.post;
  const dir = option('dir') ?? OURS.buildDir;
  const runs = Number(option('runs') ?? 3);
  const slowdowns = (option('slowdown') ?? '4,8').split(',').map(Number);
  const profiles = [];
  for (const slowdown of slowdowns) {
    log(`long tasks: ${path} at ${slowdown}× CPU, ${runs} runs`);
    const profile = await longTaskProfile(dir, PORTS.longtasks, path, slowdown, runs);
    show(formatLongTasks(path, profile));
    profiles.push(profile);
  }
  writeResults(join(TMP, 'results-longtasks.json'), {path, dir, profiles}, 'longtasks');
}

/** Before/after in one run (see scripts/bench/compare.ts). */
async function compareRun(): Promise<void> {
  const runs = Number(option('runs') ?? 3);
  const routes = (option('routes') ?? 'post,blog list,author').split(',') as RouteType[];
  const formFactors: FormFactor[] = SLOW ? ['mobile', 'slow'] : ['mobile'];
  const {columns, results} = await compare({before: option('before'), routes, formFactors, runs});
  for (const formFactor of formFactors) show(formatCompare(columns, results, formFactor, runs));
  writeResults(join(TMP, 'results-compare.json'), {columns, runs, results}, 'compare');
}

/** Main-thread work by trace event, ours against stock and the limit (scripts/bench/trace.ts). */
async function traceOnly(): Promise<void> {
  const runs = Number(option('runs') ?? 5);
  const paths = option('paths')?.split(',') ?? TRACE_PATHS;
  const detail = argv.includes('--detail');
  const method = option('method') === 'devtools' ? 'devtools' : 'simulate';
  const extra = argv.filter((arg) => arg.startsWith('--site=')).map((arg) => arg.slice(7));
  const standard = (option('sites') ?? 'ours,stock,limit').split(',').filter(Boolean);
  const slowdown = Number(option('slowdown') ?? 4);
  const from = option('from');
  if (from) {
    // Kept traces do not record their slowdown: give the run's --slowdown= again.
    const kept = await summariseKept(resolve(ROOT, from), paths, method, slowdown);
    const names = option('columns')?.split(',') ?? kept.columns;
    console.log(formatTrace(kept.results, names, {runs: kept.runs, detail, method, slowdown}));
    return;
  }
  const dir = option('dir');
  const columns = traceColumns(standard, extra, dir ? resolve(ROOT, dir) : undefined);
  const port = Number(process.env.TRACE_PORT ?? PORTS.trace);
  const results = await traceRun({columns, paths, runs, detail, method, port, slowdown});
  const names = columns.map((c) => c.name);
  show(formatTrace(results, names, {runs, detail, method, slowdown}));
  writeResults(
    join(TMP, 'results-trace.json'),
    {columns, runs, detail, method, slowdown, results},
    'trace',
  );
}

/** What a post or doc page costs, ours beside earlier builds (scripts/bench/article.ts). */
async function articleOnly(): Promise<void> {
  const runs = Number(option('runs') ?? 5);
  const columns: ArticleColumn[] = [];
  const before = option('before');
  if (before)
    columns.push({name: 'before', buildDir: resolve(ROOT, before), securityHeaders: false});
  for (const arg of argv.filter((a) => a.startsWith('--site='))) {
    const [name = '', dir = ''] = arg.slice('--site='.length).split('=');
    columns.push({name, buildDir: resolve(ROOT, dir), securityHeaders: false});
  }
  columns.push({name: 'ours', buildDir: join(ROOT, 'build'), securityHeaders: true});
  const port = Number(process.env.ARTICLE_PORT ?? PORTS.article);
  const results = await articleRun(columns, runs, port);
  show(formatArticle(results, runs));
  writeResults(join(TMP, 'results-article.json'), {runs, results}, 'article');
}

async function main(): Promise<void> {
  if (ONLY === 'composition') {
    log('ours: build');
    timedBuild(ROOT);
    const mainJs = composition();
    show(formatComposition(mainJs));
    writeResults(join(TMP, 'results-composition.json'), {mainJs}, 'composition');
  } else if (ONLY === 'longtasks') {
    await longTasks();
  } else if (ONLY === 'compare') {
    await compareRun();
  } else if (ONLY === 'trace') {
    await traceOnly();
  } else if (ONLY === 'article') {
    await articleOnly();
  } else if (ONLY !== undefined) {
    throw new Error(
      `--only=${ONLY}: the parts are "composition", "compare", "longtasks", "trace" and "article"`,
    );
  } else if (SCALE_ONLY?.length) {
    await scaleOnly(SCALE_ONLY);
  } else {
    await full();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
