/**
 * Byte budgets (never time): each route type's first-load JS and CSS, gzip, as
 * the browser fetches them until the page has hydrated, against
 * tests/budgets.json. Raise a budget only on purpose, with the reason in the
 * commit message.
 */
import {expect, test} from './fixtures';
import {measurePageWeight} from '../../scripts/lib/page-weight';
import budgets from '../budgets.json';
import {listPagePaths, openHydrated} from './helpers';

/**
 * What no page may load before the reader interacts: search runs on demand.
 * The search results page is the exception: the index is what it shows.
 */
const ON_DEMAND_ONLY = [/\/search-index\//, /worker/i, /lunr/i, /\/pagefind\//];
const SEARCH_PAGE = '/search';

for (const [type, budget] of Object.entries(budgets.routes)) {
  test(`${type} (${budget.path}) stays within its first-load byte budget`, async ({page}) => {
    const weight = await measurePageWeight(page, budget.path);
    const measured = {jsGzip: weight.js.gzip, cssGzip: weight.css.gzip};
    test.info().annotations.push({type: 'bytes', description: JSON.stringify(measured)});

    expect(measured.jsGzip, `first-load JS (gzip) of ${type}`).toBeLessThanOrEqual(budget.jsGzip);
    expect(measured.cssGzip, `first-load CSS (gzip) of ${type}`).toBeLessThanOrEqual(
      budget.cssGzip,
    );
    if (budget.path !== SEARCH_PAGE) {
      const early = weight.urls.filter((url) =>
        ON_DEMAND_ONLY.some((pattern) => pattern.test(url)),
      );
      expect(early, 'search files fetched before any interaction').toEqual([]);
    }
  });
}

test('every list page (the blog’s, each author’s, each tag’s, and their pages) stays within the list budget', async ({
  page,
}) => {
  const lists = await listPagePaths(page);
  // That these are all the list pages is list-previews.spec.ts's first test.
  expect(lists.length).toBeGreaterThan(0);
  test.setTimeout(60_000 + lists.length * 5_000);
  const weights: [string, number, number][] = [];
  for (const path of lists) {
    const weight = await measurePageWeight(page, path);
    weights.push([path, weight.js.gzip, weight.css.gzip]);
    const early = weight.urls.filter((url) => ON_DEMAND_ONLY.some((pattern) => pattern.test(url)));
    expect(early, `${path}: search files fetched before any interaction`).toEqual([]);
  }
  test.info().annotations.push({type: 'bytes', description: JSON.stringify(weights)});
  for (const [path, js, css] of weights) {
    expect(js, `first-load JS (gzip) of ${path}`).toBeLessThanOrEqual(budgets.lists.jsGzip);
    expect(css, `first-load CSS (gzip) of ${path}`).toBeLessThanOrEqual(budgets.lists.cssGzip);
  }
});

test('every post page costs the same first-load JavaScript, whatever its length', async ({
  page,
  blog,
}) => {
  test.setTimeout(60_000 + blog.posts.length * 5_000);
  const weights: [string, number][] = [];
  for (const post of blog.posts) {
    weights.push([post.permalink, (await measurePageWeight(page, post.permalink)).js.gzip]);
  }
  test.info().annotations.push({type: 'bytes', description: JSON.stringify(weights)});
  const sizes = weights.map(([, gzip]) => gzip);
  for (const [path, gzip] of weights) {
    expect(gzip, `first-load JS (gzip) of ${path}`).toBeLessThanOrEqual(budgets.routes.post.jsGzip);
  }
  expect(
    Math.max(...sizes) - Math.min(...sizes),
    'the spread of the posts’ first-load JS (gzip)',
  ).toBeLessThanOrEqual(budgets.posts.spreadGzip);
});

test('the bundle every page loads names no post but those the home page links to', async ({
  page,
  blog,
}) => {
  // Docusaurus 3.7.0 lists every route in main.js, so each post made every
  // page heavier; here posts are looked up when a reader goes to them
  // (src/plugins/lazy-routes). The home page's own data names its posts.
  await openHydrated(page, '/');
  const onHome = new Set(
    await page
      .locator('main a[href^="/blog/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
  );
  const bundle = (await page.locator('script[data-bundle]').getAttribute('data-bundle')) ?? '';
  const urls = bundle.split(' ').filter((url) => /\/(runtime~main|main)\.[\w]+\.js$/.test(url));
  expect(urls).toHaveLength(2);
  const code = (
    await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()))
  ).join('\n');
  const named = blog.posts
    .filter((post) => !onHome.has(post.permalink))
    .filter(
      (post) =>
        code.includes(JSON.stringify(post.permalink)) ||
        code.includes(post.file.replace(/^blog\//, '')),
    );
  expect(named.map((post) => post.permalink)).toEqual([]);
  expect(blog.posts.length, 'some posts are not on the home page').toBeGreaterThan(onHome.size);
});
