/**
 * A crawl of the served build (linkinator, through the production nginx
 * config): every internal link, anchor and image resolves. Links to other
 * sites are listed, not fetched: the test machine has no internet.
 */
import {check, LinkState} from 'linkinator';
import {expect, test} from '@playwright/test';

test('a crawl from the home page finds no broken internal link, anchor or image', async ({
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  // The crawl reads every page and what it links to: it grows with the site.
  test.setTimeout(60_000 + pages.length * 3_000);
  const result = await check({
    path: `${origin}/`,
    recurse: true,
    checkFragments: true,
    concurrency: 8,
    linksToSkip: async (link) => !link.startsWith(origin),
  });
  const internal = result.links.filter((link) => link.state !== LinkState.SKIPPED);
  const broken = internal
    .filter((link) => link.state === LinkState.BROKEN)
    .map((link) => `${link.status ?? '-'} ${link.url} (on ${link.parent ?? '?'})`);
  test.info().annotations.push({
    type: 'crawl',
    description: `${internal.length} internal links checked, ${result.links.length - internal.length} external skipped`,
  });
  expect(broken).toEqual([]);
  // The crawl reached every page of the sitemap but the search page, which
  // the search field opens (no link leads there).
  const reached = new Set(internal.map((link) => new URL(link.url).pathname.replace(/\/$/, '')));
  expect(pages.length).toBeGreaterThan(0);
  expect(
    pages.filter((path) => path !== '/search' && !reached.has(path.replace(/\/$/, ''))),
  ).toEqual([]);
});
