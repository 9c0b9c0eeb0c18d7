/**
 * axe-core on every URL of the sitemap plus the 404 page, in light and in dark
 * mode, and with a full-size view open: zero violations of any impact, no
 * rule disabled.
 */
import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {readBlog} from '../blog';
import {readTutorial} from '../tutorial';
import {waitForHydration} from './helpers';

/** The built sitemap, read from disk so that each URL gets a test of its own. */
const SITEMAP_PATHS = [
  ...readFileSync('build/sitemap.xml', 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
].map((m) => new URL(m[1] ?? '').pathname);

const PATHS = [...SITEMAP_PATHS, '/no-such-page'];

test('the sitemap lists every page there is to check', () => {
  expect(SITEMAP_PATHS.length).toBeGreaterThanOrEqual(40);
});

for (const theme of ['light', 'dark'] as const) {
  for (const path of PATHS) {
    test(`axe finds nothing on ${path} in ${theme} mode`, async ({page}) => {
      // axe on the longest posts takes a while on a loaded 2-core machine.
      test.setTimeout(90_000);
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const {violations} = await new AxeBuilder({page}).analyze();
      const summary = violations.map(
        (v) =>
          `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary).toEqual([]);
    });
  }
}

/** The first post with a diagram, and a doc with an image (from blog/ and docs/). */
const tutorial = readTutorial();
const FIGURED = [
  readBlog().posts.find((post) => post.markdown.codeBlocks.some((b) => b.language === 'mermaid'))
    ?.permalink,
  [...tutorial.docs, ...tutorial.categories.flatMap((c) => c.docs)].find((doc) =>
    /!\[[^\]]*\]\(/.test(doc.markdown.prose.replace(/`[^`\n]*`/g, '')),
  )?.route,
].filter((path): path is string => Boolean(path));

for (const theme of ['light', 'dark'] as const) {
  for (const path of FIGURED) {
    test(`axe finds nothing with the full-size view open on ${path} in ${theme} mode`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      await page.goto(path);
      await waitForHydration(page);
      await page.locator('a.view-link').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const {violations} = await new AxeBuilder({page}).analyze();
      const summary = violations.map(
        (v) =>
          `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary).toEqual([]);
    });
  }
}
