/**
 * No request that fails: a page, its route prefetches and preloads, and the
 * pages a reader opens from it answer every request with less than 400. The
 * search results link to headings (`/blog/…#anchor`); a prefetch that kept
 * the anchor asked for `/__routes/<post>#<anchor>.json`, which the browser
 * sends as `/__routes/<post>` (a 404). Queries come from the posts' titles
 * (tests/blog.ts), pages from the sitemap.
 */
import type {Page, Response} from '@playwright/test';
import {expect, test} from './fixtures';
import type {Blog} from '../blog';
import {sitemapPaths, waitForHydration, waitForIdle} from './helpers';

/** Records every response of 400 or more, with the page it came from. */
function collectFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() >= 400) {
      failures.push(`${response.status()} ${response.url()} (on ${page.url()})`);
    }
  });
  return failures;
}

/**
 * Brings every link of the page on screen, a screen at a time, and lets the
 * page do what it queues for idle time (route prefetching) after each step.
 */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 720;
  for (let y = 0; y <= height; y += step) {
    // A frame at each place, so that the links there are seen on screen.
    await page.evaluate(
      (top) =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, top);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
      y,
    );
  }
  await page.waitForLoadState('networkidle');
  await waitForIdle(page);
}

/**
 * Search words from the posts' titles: the first three characters of each
 * title's first Chinese run (the index cuts Chinese into character pairs, so
 * each finds its post and, through the headings, sections of others), and
 * the Latin word most titles share.
 */
function titleQueries(blog: Blog, count = 6): string[] {
  const han = blog.posts
    .map((post) => /\p{Script=Han}{2,}/u.exec(post.title)?.[0].slice(0, 3))
    .filter((word): word is string => word !== undefined);
  const latin = new Map<string, number>();
  for (const post of blog.posts) {
    for (const [word] of post.title.matchAll(/[A-Za-z][\w.-]{2,}/g)) {
      latin.set(word, (latin.get(word) ?? 0) + 1);
    }
  }
  const common = [...latin].sort((a, b) => b[1] - a[1])[0]?.[0];
  return [...new Set([...han, ...(common ? [common] : [])])].slice(0, count);
}

test('no search results page fails a request: its prefetches, its preloads, and the results it opens', async ({
  page,
  blog,
}) => {
  const queries = titleQueries(blog);
  expect(queries.length, 'queries from the titles').toBeGreaterThan(1);
  test.setTimeout(60_000 + queries.length * 30_000);
  const failures = collectFailures(page);
  let anchors = 0;
  for (const query of queries) {
    const url = `/search?q=${encodeURIComponent(query)}`;
    await page.goto(url);
    await waitForHydration(page);
    await page.getByRole('status').waitFor();
    const results = page.locator('main article h2 a');
    const hrefs = await results.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    anchors += hrefs.filter((href) => href.includes('#')).length;
    // On screen: prefetched. Under the pointer: preloaded.
    await scrollThrough(page);
    for (const link of await results.all()) await link.hover();
    await page.waitForLoadState('networkidle');
    // Clicking through: the first and the last result, on the client.
    for (const i of [...new Set([0, hrefs.length - 1])].filter((n) => n >= 0)) {
      const href = hrefs[i] ?? '';
      const target = new URL(href, page.url()).pathname;
      await results.nth(i).click();
      await expect.poll(() => decodeURI(new URL(page.url()).pathname)).toBe(decodeURI(target));
      // The page shows once its code (and article) have loaded.
      await expect(page.locator('html')).not.toHaveClass(/plugin-shard-search/);
      await scrollThrough(page);
      await page.goBack();
      await page.getByRole('status').waitFor();
    }
    expect(failures, `/search?q=${query}`).toEqual([]);
  }
  expect(anchors, 'results that lead to a heading').toBeGreaterThan(0);
});

/** The sitemap walk, in parts that run side by side (it grows with the site). */
const PARTS = 2;

for (let part = 0; part < PARTS; part += 1) {
  test(`no page of the sitemap fails a request, its route prefetches and preloads included (part ${part + 1} of ${PARTS})`, async ({
    page,
  }) => {
    const paths = (await sitemapPaths(page)).filter((_, i) => i % PARTS === part);
    expect(paths.length).toBeGreaterThan(0);
    test.setTimeout(60_000 + paths.length * 10_000);
    // A tall window: fewer steps to bring every link on screen.
    await page.setViewportSize({width: 1280, height: 3000});
    const failures = collectFailures(page);
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await scrollThrough(page);
      // A link to each other page of the site, under the pointer: its route preloads.
      const seen = new Set([new URL(page.url()).pathname]);
      for (const link of await page.locator('main a[href^="/"]:visible').all()) {
        const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
        if (seen.has(target)) continue;
        seen.add(target);
        await link.hover();
      }
      await page.waitForLoadState('networkidle');
      expect(failures, path).toEqual([]);
    }
  });
}
