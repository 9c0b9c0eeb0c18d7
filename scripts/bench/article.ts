/**
 * What a post or doc page costs in the browser, for each build given, in one
 * run (issue 34: the article ships once): the first-load JavaScript (gzip,
 * until hydration) of every post and every doc, with the spread among posts,
 * and of the pages around them (home, blog list, archive, authors, an author);
 * the JavaScript execution until hydration (`ScriptDuration` of the DevTools
 * protocol, CPU slowed 4×) of the longest and the shortest post, in
 * interleaved rounds; and how many elements inside the article carry a React
 * fibre after hydration, on first load and after client navigation.
 *
 *   npm run bench -- --only=article [--before=<build dir>] [--runs=5]
 *       [--site=name=<build dir>]...    more builds (each served by nginx)
 *
 * Posts are read from blog/ (tests/blog.ts), docs from each build's sitemap.
 */
import {chromium, type Browser, type Page} from '@playwright/test';
import {measurePageWeight} from '../lib/page-weight';
import {browserPath, CHROME_FLAGS, nginxServe, stop, waitForServer} from '../lib/serve';
import {readBlog} from '../../tests/blog';
import {hanCount} from '../../tests/content/markdown';
import {log, median, ROOT} from './util';

/**
 * A build to measure. Only ours gets the CSP header: its script hashes are of
 * our build (deploy/security-headers.conf), so another build would have its
 * scripts blocked; it keeps its own `<meta>` CSP.
 */
export type ArticleColumn = {name: string; buildDir: string; securityHeaders: boolean};

type Stats = {min: number; median: number; max: number};
export type ArticleFigures = {
  /** First-load JS gzip bytes per path. */
  posts: Record<string, number>;
  docs: Record<string, number>;
  /** First-load JS gzip bytes of the routes around the articles (OTHER_ROUTES, an author page). */
  routes: Record<string, number>;
  postStats: Stats;
  docStats: Stats;
  /** ScriptDuration ms until hydration, 4× CPU, per post (longest, shortest). */
  scriptMs: Record<string, Stats>;
  /** Elements inside the article body with a React fibre / all of them. */
  fibres: {path: string; firstLoad: [number, number]; afterNavigation: [number, number]};
};

const ARTICLE = '#__blog-post-container, .theme-doc-markdown';
/** Pages without an article whose first load must not grow: the home page and the blog's lists. */
const OTHER_ROUTES = ['/', '/blog', '/blog/archive', '/blog/authors'];
const CPU_SLOWDOWN = 4;

const stats = (values: number[]): Stats => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
});

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/** JavaScript execution until hydration, the CPU slowed down, in ms. */
async function scriptDuration(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
  await hydrated(page, url);
  const {metrics} = (await cdp.send('Performance.getMetrics')) as {
    metrics: {name: string; value: number}[];
  };
  await context.close();
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** Elements inside the article with a React fibre, and all of them. */
function fibres(page: Page): Promise<[number, number]> {
  return page.locator(ARTICLE).evaluate((article) => {
    const all = Array.from(article.querySelectorAll('*'));
    const withFibre = all.filter((el) =>
      Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
    );
    return [withFibre.length, all.length] as [number, number];
  });
}

export async function articleRun(
  columns: ArticleColumn[],
  runs: number,
  port: number,
): Promise<Record<string, ArticleFigures>> {
  const blog = readBlog(ROOT);
  const byLength = [...blog.posts].sort((a, b) => hanCount(b.markdown) - hanCount(a.markdown));
  const longest = byLength[0]?.permalink ?? '';
  const shortest = byLength.at(-1)?.permalink ?? '';
  const browser = await chromium.launch({executablePath: browserPath(), args: CHROME_FLAGS});
  const servers = columns.map((column, i) =>
    nginxServe(column.buildDir, port + i, column.securityHeaders),
  );
  const origin = (i: number) => `http://127.0.0.1:${port + i}`;
  const results: Record<string, ArticleFigures> = {};
  try {
    for (const [i] of columns.entries()) await waitForServer(`${origin(i)}/`);
    for (const [i, column] of columns.entries()) {
      log(`${column.name}: first-load JS of every post and doc`);
      const page = await browser.newPage();
      const weigh = async (path: string) =>
        (await measurePageWeight(page, origin(i) + path)).js.gzip;
      const posts: Record<string, number> = {};
      for (const post of blog.posts) posts[post.permalink] = await weigh(post.permalink);
      const sitemap = await (await page.request.get(`${origin(i)}/sitemap.xml`)).text();
      const docPaths = [...sitemap.matchAll(/<loc>[^<]*?(\/docs\/[^<]+)<\/loc>/g)]
        .map((m) => m[1] ?? '')
        .filter((path) => !path.startsWith('/docs/category/'));
      const docs: Record<string, number> = {};
      for (const path of docPaths) docs[path] = await weigh(path);
      const authors = await (await page.request.get(`${origin(i)}/blog/authors`)).text();
      const author = /href="?(\/blog\/authors\/[^"/\s>]+)/.exec(authors)?.[1];
      const routes: Record<string, number> = {};
      for (const path of [...OTHER_ROUTES, ...(author ? [author] : [])]) {
        routes[path] = await weigh(path);
      }

      log(`${column.name}: fibres in the longest post's article`);
      await hydrated(page, origin(i) + longest);
      const firstLoad = await fibres(page);
      // Client navigation into it: from the archive, which links every post.
      await hydrated(page, `${origin(i)}/blog/archive`);
      await page.locator(`main a[href="${longest}"]`).first().click();
      await page.waitForURL(`**${longest}`);
      await page.locator(ARTICLE).waitFor();
      const afterNavigation = await fibres(page);
      await page.close();
      results[column.name] = {
        posts,
        docs,
        routes,
        postStats: stats(Object.values(posts)),
        docStats: stats(Object.values(docs)),
        scriptMs: {},
        fibres: {path: longest, firstLoad, afterNavigation},
      };
    }
    const times: Record<string, Record<string, number[]>> = {};
    for (let round = 0; round < runs; round += 1) {
      // Each round starts with another column.
      for (let k = 0; k < columns.length; k += 1) {
        const i = (k + round) % columns.length;
        const column = columns[i] as ArticleColumn;
        for (const path of [longest, shortest]) {
          log(`round ${round + 1}/${runs}: ${column.name} ScriptDuration ${path}`);
          ((times[column.name] ??= {})[path] ??= []).push(
            await scriptDuration(browser, origin(i) + path),
          );
        }
      }
    }
    for (const column of columns) {
      for (const [path, list] of Object.entries(times[column.name] ?? {})) {
        (results[column.name] as ArticleFigures).scriptMs[path] = stats(list);
      }
    }
  } finally {
    await browser.close();
    servers.forEach(stop);
  }
  return results;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Markdown tables of the figures, a column per build. */
export function formatArticle(results: Record<string, ArticleFigures>, runs: number): string {
  const names = Object.keys(results);
  const row = (label: string, cell: (f: ArticleFigures) => string) =>
    `| ${label} | ${names.map((name) => cell(results[name] as ArticleFigures)).join(' | ')} |`;
  const first = results[names[0] ?? ''];
  const paths = Object.keys(first?.scriptMs ?? {});
  return [
    `| first-load JS, gzip KB | ${names.join(' | ')} |`,
    `| --- |${names.map(() => ' --- |').join('')}`,
    row(
      'posts: min / median / max',
      (f) => `${kb(f.postStats.min)} / ${kb(f.postStats.median)} / ${kb(f.postStats.max)}`,
    ),
    row('posts: spread', (f) => kb(f.postStats.max - f.postStats.min)),
    row(
      'docs: min / median / max',
      (f) => `${kb(f.docStats.min)} / ${kb(f.docStats.median)} / ${kb(f.docStats.max)}`,
    ),
    ...Object.keys(first?.routes ?? {}).map((path) =>
      row(path, (f) => (f.routes[path] === undefined ? '' : kb(f.routes[path]))),
    ),
    ...paths.map((path) =>
      row(`ScriptDuration ms, 4× CPU, median (min–max) of ${runs}: ${path}`, (f) => {
        const s = f.scriptMs[path];
        return s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : '';
      }),
    ),
    row(`elements with a fibre / elements in the article, first load: ${first?.fibres.path}`, (f) =>
      f.fibres.firstLoad.join(' / '),
    ),
    row('the same after client navigation', (f) => f.fibres.afterNavigation.join(' / ')),
    '',
  ].join('\n');
}
