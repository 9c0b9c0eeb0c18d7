/**
 * What the reader sees is what the author wrote: no page of the sitemap shows
 * Markdown syntax in its visible text outside code. CommonMark leaves
 * emphasis unclosed next to Chinese punctuation (`**结论。**然后`), and only
 * the rendered page shows it; remark-cjk-friendly fixes that (docusaurus.config.ts).
 */
import {expect, test} from '@playwright/test';
import {onTestServer, openHydrated, sitemapUrls} from './helpers';

/** Markdown that should have become markup, as it shows when it did not. */
const LEFTOVERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['strong or emphasis', /\*\*|__/],
  ['strikethrough', /~~/],
  ['link', /\]\(/],
  ['code span', /`/],
  ['line break tag', /<br\s*\/?>/i],
];

test('no page shows Markdown syntax in its visible text outside code', async ({page}) => {
  const urls = await sitemapUrls(page);
  test.setTimeout(60_000 + urls.length * 3_000);
  const found: string[] = [];
  for (const url of urls) {
    const path = onTestServer(url);
    await openHydrated(page, path);
    const texts = await page.evaluate(() => {
      const skip = 'pre, code, kbd, samp, script, style, svg, textarea, [hidden]';
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const out: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(skip)) continue;
        const text = node.textContent ?? '';
        if (text.trim()) out.push(text);
      }
      return out;
    });
    for (const text of texts) {
      for (const [what, pattern] of LEFTOVERS) {
        const at = text.search(pattern);
        if (at >= 0) found.push(`${path}: ${what}: …${text.slice(Math.max(0, at - 20), at + 30)}…`);
      }
    }
  }
  expect(found).toEqual([]);
});
