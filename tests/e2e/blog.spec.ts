/**
 * The blog's posts and feeds (spec §2): every post page shows its own title
 * and date; the RSS, Atom and JSON feeds carry all 20 posts in Chinese.
 */
import {readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {readMarkdown} from '../content/markdown';
import {POSTS, postPath} from '../site-spec';
import {openHydrated} from './helpers';

const FILES = readdirSync('blog').filter((name) => /\.mdx?$/.test(name));

test('every post URL renders its title and its date', async ({page}) => {
  test.setTimeout(120_000);
  for (const post of POSTS) {
    const file = FILES.find((name) => name.startsWith(`${post.date}-${post.slug}.`));
    expect(file, post.slug).toBeDefined();
    const {frontMatter} = readMarkdown(`blog/${file ?? ''}`);
    expect(await openHydrated(page, postPath(post)), post.slug).toBe(200);
    await expect(page.locator('article h1'), post.slug).toHaveText(String(frontMatter.title));
    await expect(page.locator(`article header time[datetime^="${post.date}"]`)).toBeVisible();
  }
});

test('the RSS, Atom and JSON feeds list all 20 posts under the Chinese title', async ({
  request,
}) => {
  const rss = await request.get('/blog/rss.xml');
  expect(rss.status()).toBe(200);
  const rssText = await rss.text();
  expect(rssText).toContain('<title>栈底笔记</title>');
  expect(rssText.match(/<item>/g)).toHaveLength(POSTS.length);

  const atom = await (await request.get('/blog/atom.xml')).text();
  expect(atom.match(/<entry>/g)).toHaveLength(POSTS.length);

  const json = (await (await request.get('/blog/feed.json')).json()) as {
    title: string;
    items: {url: string}[];
  };
  expect(json.title).toBe('栈底笔记');
  expect(json.items.map((item) => new URL(item.url).pathname).sort()).toEqual(
    POSTS.map(postPath).sort(),
  );
});
