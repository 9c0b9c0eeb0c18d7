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
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
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
  // The crawl reached every page: at least the 20 posts and 9 docs, with their assets.
  expect(internal.filter((link) => link.url.includes('/blog/2025/')).length).toBeGreaterThan(20);
  expect(internal.filter((link) => link.url.includes('/docs/')).length).toBeGreaterThan(9);
});
