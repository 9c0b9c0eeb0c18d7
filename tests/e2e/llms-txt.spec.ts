/**
 * llms.txt and llms-full.txt (src/plugins/llms-txt), per llmstxt.org: the site
 * name, a summary, a section per series, then the tutorial; every post and doc
 * of the sitemap under its exact sitemap URL; the full text without front
 * matter or MDX imports.
 */
import {expect, test} from './fixtures';
import {seriesOf} from '../blog';
import {onTestServer, sitemapUrls} from './helpers';
/** Posts and docs, the pages llms.txt lists. */
const CONTENT_PATH = /^\/(?:blog\/\d{4}\/\d{2}\/\d{2}\/|docs\/)/;

/** Markdown links `[title](url)` of one block of text. */
const linksOf = (text: string) =>
  [...text.matchAll(/^- \[([^\]]+)\]\(([^)\s]+)\)/gm)].map((m) => ({title: m[1], url: m[2] ?? ''}));

/** The text outside fenced code blocks. */
const outsideCode = (markdown: string) =>
  markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$/gm, '');

test('llms.txt lists every post and doc of the sitemap, under the sitemap’s URL', async ({
  page,
  blog,
}) => {
  test.setTimeout(60_000 + blog.posts.length * 500);
  const response = await page.request.get('/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/^# 栈底笔记\n\n> \S.+\n/);

  const sitemap = await sitemapUrls(page);
  const wanted = sitemap.filter((url) => CONTENT_PATH.test(new URL(url).pathname));
  expect(wanted.length).toBeGreaterThanOrEqual(blog.posts.length + 10);
  const listed = linksOf(text).map((link) => link.url);
  expect([...listed].sort()).toEqual([...wanted].sort());

  // Every entry answers on the site.
  for (const url of listed) {
    expect((await page.request.get(onTestServer(url))).status(), url).toBe(200);
  }
});

test('llms.txt has one section per series, in reading order, then the other posts, then the tutorial', async ({
  page,
  blog,
}) => {
  const allSeries = seriesOf(blog);
  const others = blog.posts.filter((post) => post.series === undefined);
  const text = await (await page.request.get('/llms.txt')).text();
  const sections = text.split(/^## /m).slice(1);
  const titles = sections.map((section) => section.split('\n')[0]);
  expect(titles).toEqual([
    ...allSeries.map(({title}) => title),
    ...(others.length ? ['其他文章'] : []),
    '教程',
  ]);
  if (others.length) {
    const listed = linksOf(sections[allSeries.length] ?? '').map(
      (entry) => new URL(entry.url).pathname,
    );
    expect(listed.sort()).toEqual(others.map((post) => post.permalink).sort());
  }
  for (const [i, series] of allSeries.entries()) {
    const entries = linksOf(sections[i] ?? '');
    expect(entries.map((entry) => entry.title)).toEqual(series.parts.map((part) => part.title));
    // Each entry carries the post's description after a colon.
    expect(sections[i]).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)]+\): \S/m);
  }
});

test('llms-full.txt holds every post’s text with its code, but no front matter or imports', async ({
  page,
  blog,
}) => {
  const response = await page.request.get('/llms-full.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^# 栈底笔记\n\n> /);
  for (const post of blog.posts) expect(text, post.file).toContain(`\n# ${post.title}\n`);
  // A command from the iscsiadm post and a line of the MDX page's tabs, as written.
  expect(text).toContain('sudo iscsiadm -m discovery -t sendtargets -p 192.0.2.10:3260');
  expect(text).toContain('npx docusaurus build');

  const prose = outsideCode(text);
  expect(prose).not.toMatch(/^---$/m);
  expect(prose).not.toMatch(/^(?:series_order|authors|slug|sidebar_position):/m);
  expect(prose).not.toMatch(/^import /m);
  expect(text).not.toContain("import Tabs from '@theme/Tabs'");
  expect(prose).not.toMatch(/<\/?(?:Tabs|TabItem|Highlight)\b/);
});
