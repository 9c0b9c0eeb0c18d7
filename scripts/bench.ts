/**
 * npm run bench: measures this site and, side by side in the same run, a stock
 * create-docusaurus@3.7.0 classic TypeScript site (zh-Hans, Faster on).
 * Prints a table and writes bench/results.json. Not part of `npm test`.
 *
 *   npm run bench                 everything (35 to 40 minutes on 2 cores)
 *   npm run bench -- --quick      one Lighthouse run per page, no scale test
 */
import {execFileSync, spawn} from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {join, resolve} from 'node:path';
import {chromium} from '@playwright/test';
import {measurePageWeight, type Bytes, type PageWeight} from './lib/page-weight';
import {CHROME_FLAGS, CHROMIUM, stop, waitForServer} from './lib/serve';

const ROOT = resolve('.');
const TMP = resolve('bench/tmp');
const QUICK = process.argv.includes('--quick');
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const SCALE_POSTS = QUICK ? [] : [200, 500, 1000];

type RouteType =
  | 'home'
  | 'blog list'
  | 'post'
  | 'archive'
  | 'author'
  | 'doc'
  | 'category'
  | 'markdown page'
  | '404';

type Site = {name: 'ours' | 'stock'; dir: string; routes: Record<RouteType, string>};

const OURS: Site = {
  name: 'ours',
  dir: ROOT,
  routes: {
    home: '/',
    'blog list': '/blog',
    post: '/blog/2025/09/15/publish-server',
    archive: '/blog/archive',
    author: '/blog/authors/linshen',
    doc: '/docs/tutorial-basics/markdown-features',
    category: '/docs/category/tutorial---basics',
    'markdown page': '/markdown-page',
    '404': '/no-such-page',
  },
};

const STOCK: Site = {
  name: 'stock',
  dir: join(TMP, 'stock'),
  routes: {
    home: '/',
    'blog list': '/blog',
    post: '/blog/long-blog-post',
    archive: '/blog/archive',
    author: '/blog/authors/yangshun',
    doc: '/docs/tutorial-basics/markdown-features',
    category: '/docs/category/tutorial---basics',
    'markdown page': '/markdown-page',
    '404': '/no-such-page',
  },
};

type BuildFigures = {
  coldSeconds: number;
  warmSeconds: number;
  coldPeakRssMiB: number;
  warmPeakRssMiB: number;
};
type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};
type SiteResults = {
  build: BuildFigures;
  weight: Record<string, Omit<PageWeight, 'urls' | 'scripts'> & {contentJs: Bytes}>;
  lighthouse: Record<string, {mobile: LighthouseFigures; desktop: LighthouseFigures}>;
};

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, {cwd, stdio: ['ignore', 'ignore', 'inherit']});
}

/** One `docusaurus build` under GNU time: wall seconds and peak RSS. */
function timedBuild(dir: string): {seconds: number; peakRssMiB: number} {
  const report = join(TMP, 'time.txt');
  const started = performance.now();
  try {
    execFileSync('/usr/bin/time', ['-v', '-o', report, 'npx', 'docusaurus', 'build'], {
      cwd: dir,
      stdio: 'ignore',
    });
  } catch (error) {
    throw new Error(`docusaurus build failed in ${dir}`, {cause: error});
  }
  const seconds = (performance.now() - started) / 1000;
  const kib = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(report, 'utf8'))?.[1];
  return {seconds, peakRssMiB: Number(kib ?? 0) / 1024};
}

/** Cold: no build output, no generated files, no caches. Warm: straight after. */
function buildFigures(dir: string): BuildFigures {
  for (const path of ['build', '.docusaurus', 'node_modules/.cache']) {
    rmSync(join(dir, path), {recursive: true, force: true});
  }
  const cold = timedBuild(dir);
  const warm = timedBuild(dir);
  return {
    coldSeconds: cold.seconds,
    warmSeconds: warm.seconds,
    coldPeakRssMiB: cold.peakRssMiB,
    warmPeakRssMiB: warm.peakRssMiB,
  };
}

/**
 * Docusaurus ships each Markdown page as a JS chunk of its own, named in the
 * generated registry: those chunks are the writing, not the framework.
 */
function markdownChunkNames(dir: string): Set<string> {
  const registry = readFileSync(join(dir, '.docusaurus/registry.js'), 'utf8');
  const entry =
    /"(\w+)": \[\(\) => import\(\/\* webpackChunkName: "\w+" \*\/ "@site\/[^"]+\.mdx?(?:\?truncated=true)?"\)/g;
  return new Set([...registry.matchAll(entry)].map((match) => match[1] ?? ''));
}

async function pageWeights(site: Site, origin: string): Promise<SiteResults['weight']> {
  const markdownChunks = markdownChunkNames(site.dir);
  const isMarkdown = (url: string) =>
    markdownChunks.has(/\/assets\/js\/(\w+)\.\w+\.js$/.exec(url)?.[1] ?? '');
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
  const result: SiteResults['weight'] = {};
  for (const [type, path] of Object.entries(site.routes)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const {requests, html, css, js, other, scripts} = await measurePageWeight(page, origin + path);
    const contentJs = scripts
      .filter((script) => isMarkdown(script.url))
      .reduce((sum, {raw, gzip}) => ({raw: sum.raw + raw, gzip: sum.gzip + gzip}), {
        raw: 0,
        gzip: 0,
      });
    result[type] = {requests, html, css, js, other, contentJs};
    await context.close();
  }
  await browser.close();
  return result;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Lighthouse through its CLI in a child process: its page functions must not
 * pass through tsx's transform, which adds helpers the browser lacks.
 */
function lighthouseRun(url: string, formFactor: 'mobile' | 'desktop'): LighthouseFigures {
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const json = execFileSync(join(ROOT, 'node_modules/.bin/lighthouse'), args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {...process.env, CHROME_PATH: CHROMIUM},
  });
  const lhr = JSON.parse(json) as {
    categories: Record<string, {score: number | null}>;
    audits: Record<string, {numericValue?: number}>;
  };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

/** Median of LIGHTHOUSE_RUNS runs, figure by figure. */
/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated. */
function lighthouseRunWithRetry(url: string, formFactor: 'mobile' | 'desktop'): LighthouseFigures {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouseRun(url, formFactor);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`lighthouse failed on ${url} (${formFactor}), attempt ${attempt}; retrying`);
    }
  }
}

function lighthouseFigures(url: string, formFactor: 'mobile' | 'desktop'): LighthouseFigures {
  const runs = Array.from({length: LIGHTHOUSE_RUNS}, () => lighthouseRunWithRetry(url, formFactor));
  const pick = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
  };
}

/** A stock classic TypeScript site with the same locale, Faster and webpack pin as ours. */
function prepareStock(): void {
  if (existsSync(join(STOCK.dir, 'node_modules/@docusaurus/faster'))) return;
  rmSync(STOCK.dir, {recursive: true, force: true});
  mkdirSync(TMP, {recursive: true});
  log('stock: create-docusaurus@3.7.0 classic --typescript');
  run(
    'npx',
    ['-y', 'create-docusaurus@3.7.0', 'stock', 'classic', '--typescript', '--skip-install'],
    TMP,
  );
  const pkgPath = join(STOCK.dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    dependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  pkg.dependencies['@docusaurus/faster'] = '3.7.0';
  pkg.overrides = {webpack: '~5.105.0'};
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
  const configPath = join(STOCK.dir, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8')
    .replace("defaultLocale: 'en'", "defaultLocale: 'zh-Hans'")
    .replace("locales: ['en']", "locales: ['zh-Hans']")
    .replace("baseUrl: '/',", "baseUrl: '/',\n  future: {experimental_faster: true},");
  if (!config.includes('experimental_faster'))
    throw new Error('could not configure the stock site');
  writeFileSync(configPath, config);
  log('stock: npm install');
  run('npm', ['install', '--no-audit', '--no-fund'], STOCK.dir);
}

const SENTENCES = [
  '这一节先说明问题从哪里来，再给出可以直接照着做的命令。',
  '配置写错时，服务通常不会报错，而是悄悄回退到默认值，所以每一步都要验证。',
  '如果链路上有多台设备，先确认每一跳都能互相访问，再排查上层协议。',
  '日志里最有用的往往是第一条报错，后面的大多是连锁反应。',
  '把关键参数写进版本库，比在终端里临时修改可靠得多。',
  '升级之前先在测试环境演练一遍，记下回滚需要的每条命令。',
  '性能问题先看瓶颈在哪里：磁盘、网络还是单线程的计算。',
  '文档里没写的默认值，可以从源码或者帮助输出里确认。',
];

function generatedPost(index: number): {name: string; text: string} {
  const date = new Date(Date.UTC(2020, 0, 1) + Math.floor(index / 2) * 86_400_000);
  const day = date.toISOString().slice(0, 10);
  const paragraph = (seed: number) =>
    Array.from({length: 6}, (_, i) => SENTENCES[(seed + i) % SENTENCES.length]).join('');
  const sections = Array.from(
    {length: 6},
    (_, s) => `## 第 ${s + 1} 部分：验证步骤 ${index}-${s}

${paragraph(index + s)}

${paragraph(index + s + 3)}

\`\`\`bash title="示例 ${s + 1}"
ip addr show dev eth${s}
ping -c 3 192.0.2.${(index + s) % 250}
\`\`\`
`,
  ).join('\n');
  return {
    name: `${day}-generated-${index}.md`,
    text: `---
title: 生成的测试文章 ${index}
description: 用于构建规模测试的生成文章，包含中文正文和代码块，编号 ${index}。
authors: [linshen]
---

${paragraph(index)}

<!-- truncate -->

${sections}`,
  };
}

/**
 * A copy of this site with `posts` generated posts added to the real ones;
 * `sidebarCount` replaces the blog sidebar's 'ALL' when given.
 */
function scaleSite(posts: number, sidebarCount?: number): string {
  const dir = join(TMP, `scale-${posts}`);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  for (const entry of [
    'blog',
    'docs',
    'src',
    'static',
    'i18n',
    'config',
    'docusaurus.config.ts',
    'sidebars.ts',
    'package.json',
    'tsconfig.json',
  ]) {
    cpSync(join(ROOT, entry), join(dir, entry), {recursive: true});
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (let i = 0; i < posts; i += 1) {
    const {name, text} = generatedPost(i);
    writeFileSync(join(dir, 'blog', name), text);
  }
  if (sidebarCount !== undefined) {
    const configPath = join(dir, 'docusaurus.config.ts');
    const config = readFileSync(configPath, 'utf8');
    const changed = config.replace("blogSidebarCount: 'ALL'", `blogSidebarCount: ${sidebarCount}`);
    if (changed === config) throw new Error(`no blogSidebarCount: 'ALL' in ${configPath}`);
    writeFileSync(configPath, changed);
  }
  return dir;
}

type ScalePoint = {posts: number; seconds: number; peakRssMiB: number};

function scaleBuild(posts: number, sidebarCount?: number): ScalePoint {
  const dir = scaleSite(posts, sidebarCount);
  const {seconds, peakRssMiB} = timedBuild(dir);
  rmSync(dir, {recursive: true, force: true});
  return {posts, seconds, peakRssMiB};
}

const msPerPost = (from: ScalePoint, to: ScalePoint) =>
  ((to.seconds - from.seconds) * 1000) / (to.posts - from.posts);

async function measureSite(site: Site, port: number): Promise<SiteResults> {
  log(`${site.name}: cold and warm build`);
  const build = buildFigures(site.dir);
  const origin = `http://127.0.0.1:${port}`;
  // The production server (deploy/nginx.conf: gzip, caching) for both sites;
  // our CSP only for ours, since its script hashes fit only our build.
  const server = spawn(
    'npx',
    [
      'tsx',
      'scripts/nginx-serve.ts',
      String(port),
      `--root=${join(site.dir, 'build')}`,
      ...(site.name === 'stock' ? ['--no-security-headers'] : []),
    ],
    {cwd: ROOT, stdio: 'ignore', detached: true},
  );
  try {
    await waitForServer(`${origin}/`);
    log(`${site.name}: page weight`);
    const weight = await pageWeights(site, origin);
    const lh: SiteResults['lighthouse'] = {};
    for (const [type, path] of Object.entries(site.routes)) {
      // Lighthouse refuses to audit a page served with status 404.
      if (type === '404') continue;
      log(`${site.name}: lighthouse ${type}`);
      lh[type] = {
        mobile: lighthouseFigures(origin + path, 'mobile'),
        desktop: lighthouseFigures(origin + path, 'desktop'),
      };
    }
    return {build, weight, lighthouse: lh};
  } finally {
    stop(server);
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));

function printTables(ours: SiteResults, stock: SiteResults): void {
  const rows: string[][] = [
    ['build', 'ours', 'stock', 'ratio'],
    [
      'cold build (s)',
      ours.build.coldSeconds.toFixed(1),
      stock.build.coldSeconds.toFixed(1),
      ratio(ours.build.coldSeconds, stock.build.coldSeconds),
    ],
    [
      'warm build (s)',
      ours.build.warmSeconds.toFixed(1),
      stock.build.warmSeconds.toFixed(1),
      ratio(ours.build.warmSeconds, stock.build.warmSeconds),
    ],
    [
      'cold peak RSS (MiB)',
      ours.build.coldPeakRssMiB.toFixed(0),
      stock.build.coldPeakRssMiB.toFixed(0),
      ratio(ours.build.coldPeakRssMiB, stock.build.coldPeakRssMiB),
    ],
  ];
  console.log(rows.map((r) => r.join(' | ')).join('\n'));
  console.log(
    '\nroute type | requests ours/stock | JS gzip KB ours/stock (ratio) | of which Markdown content ours/stock | JS without content ours/stock (ratio) | CSS gzip KB ours/stock | HTML gzip KB ours/stock | mobile perf/a11y/bp/seo ours | stock | LCP ms ours/stock | TBT ms ours/stock | CLS ours/stock',
  );
  for (const type of Object.keys(OURS.routes)) {
    const o = ours.weight[type];
    const s = stock.weight[type];
    if (!o || !s) continue;
    const lo = ours.lighthouse[type]?.mobile;
    const ls = stock.lighthouse[type]?.mobile;
    const scores = (l?: LighthouseFigures) =>
      l ? `${l.performance}/${l.accessibility}/${l.bestPractices}/${l.seo}` : 'n/a';
    console.log(
      [
        type,
        `${o.requests}/${s.requests}`,
        `${kb(o.js.gzip)}/${kb(s.js.gzip)} (${ratio(o.js.gzip, s.js.gzip)})`,
        `${kb(o.contentJs.gzip)}/${kb(s.contentJs.gzip)}`,
        `${kb(o.js.gzip - o.contentJs.gzip)}/${kb(s.js.gzip - s.contentJs.gzip)} (${ratio(o.js.gzip - o.contentJs.gzip, s.js.gzip - s.contentJs.gzip)})`,
        `${kb(o.css.gzip)}/${kb(s.css.gzip)}`,
        `${kb(o.html.gzip)}/${kb(s.html.gzip)}`,
        scores(lo),
        scores(ls),
        `${lo?.lcpMs.toFixed(0) ?? 'n/a'}/${ls?.lcpMs.toFixed(0) ?? 'n/a'}`,
        `${lo?.tbtMs.toFixed(0) ?? 'n/a'}/${ls?.tbtMs.toFixed(0) ?? 'n/a'}`,
        `${lo?.cls.toFixed(3) ?? 'n/a'}/${ls?.cls.toFixed(3) ?? 'n/a'}`,
      ].join(' | '),
    );
  }
}

async function main(): Promise<void> {
  mkdirSync(TMP, {recursive: true});
  prepareStock();
  const ours = await measureSite(OURS, 4301);
  const stock = await measureSite(STOCK, 4302);
  const site: ScalePoint = {
    posts: 0,
    seconds: ours.build.coldSeconds,
    peakRssMiB: ours.build.coldPeakRssMiB,
  };
  const scale = SCALE_POSTS.map((posts) => {
    log(`scale: ${posts} generated posts`);
    return scaleBuild(posts);
  });
  // The blog sidebar lists every post on every post page ('ALL', as the spec
  // asks), so the HTML written grows with the square of the post count. The
  // same 1,000 posts with a 10-post sidebar show the build without that term.
  let shortSidebar: ScalePoint | null = null;
  if (!QUICK) {
    log('scale: 1000 generated posts, blog sidebar of 10');
    shortSidebar = scaleBuild(1000, 10);
  }
  const first = scale[0];
  const last = scale.at(-1);
  const slopeMsPerPost = first && last && last !== first ? msPerPost(first, last) : null;
  printTables(ours, stock);
  scale.forEach((point, index) => {
    const previous = scale[index - 1] ?? site;
    console.log(
      `scale: ${point.posts} extra posts: ${point.seconds.toFixed(1)} s, peak RSS ${point.peakRssMiB.toFixed(0)} MiB, ${msPerPost(previous, point).toFixed(1)} ms per post since ${previous.posts}`,
    );
  });
  if (first && last && slopeMsPerPost !== null)
    console.log(
      `scale: ${slopeMsPerPost.toFixed(1)} ms per post from ${first.posts} to ${last.posts}`,
    );
  if (shortSidebar) {
    console.log(
      `scale: 1000 extra posts, blog sidebar of 10 instead of ALL: ${shortSidebar.seconds.toFixed(1)} s, peak RSS ${shortSidebar.peakRssMiB.toFixed(0)} MiB, ${msPerPost(site, shortSidebar).toFixed(1)} ms per post since 0`,
    );
  }
  mkdirSync('bench', {recursive: true});
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({measuredAt: new Date().toISOString(), quick: QUICK, ours, stock, scale, slopeMsPerPost, shortSidebar}, null, 2)}\n`,
  );
  log('wrote bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
