// Every page of the sitemap: loads, hydrates, stays quiet in the console and on the network.
import {expect, test} from '@playwright/test';
import {
  collectConsoleProblems,
  collectOffsiteRequests,
  sitemapPaths,
  waitForHydration,
} from './helpers';
import {SPEC_ROUTES} from '../site-spec';

test('every sitemap URL hydrates with no console error, no warning and no off-site request', async ({
  page,
  baseURL,
}) => {
  const paths = await sitemapPaths(page);
  // The walk grows with the blog: time per page, not a fixed total.
  test.setTimeout(60_000 + paths.length * 3_000);
  expect(paths.length).toBeGreaterThanOrEqual(SPEC_ROUTES.length);
  const problems = collectConsoleProblems(page);
  const offsite = collectOffsiteRequests(page, baseURL ?? '');
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    expect(problems, path).toEqual([]);
  }
  expect(offsite.map((r) => r.url())).toEqual([]);
});
