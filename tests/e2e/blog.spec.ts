/**
 * The blog's posts and feeds (spec §2): every post page shows its own title,
 * date and a reading time at Chinese rates; the RSS, Atom and JSON feeds carry
 * all 20 posts in Chinese; author pages paginate at /page/N; read-more links
 * are named by their visible text.
 */
import {readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {readingTimeMinutes} from '../../src/plugins/blog/readingTime';
import {readMarkdown} from '../content/markdown';
import {AUTHOR_KEY, POSTS, postBySlug, postPath} from '../site-spec';
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

test('a post shows the reading time computed at Chinese reading rates', async ({page}) => {
  // A short, a middling and the longest post.
  const minutes: number[] = [];
  for (const slug of ['iscsi-basics', 'mcp-spec-2025-03-26', 'use-rest-api']) {
    const post = postBySlug(slug);
    const file = FILES.find((name) => name.startsWith(`${post.date}-${post.slug}.`)) ?? '';
    const expected = Math.ceil(readingTimeMinutes(readMarkdown(`blog/${file}`).body));
    minutes.push(expected);
    await openHydrated(page, postPath(post));
    await expect(page.locator('article header'), slug).toContainText(`阅读需 ${expected} 分钟`);
  }
  // Three different lengths give three different times.
  expect(new Set(minutes).size).toBe(3);
});

test("an author's second page is /page/2 and lists the older posts", async ({page}) => {
  const base = `/blog/authors/${AUTHOR_KEY}`;
  await openHydrated(page, base);
  const older = page.locator('nav.pagination-nav a.pagination-nav__link--next');
  await expect(older).toHaveAttribute('href', `${base}/page/2`);
  await older.click();
  await expect(page).toHaveURL(new RegExp(`${base}/page/2$`));
  // Newest first over two pages of ten: page 2 holds the ten oldest posts.
  const oldest = [...POSTS].sort((a, b) => a.date.localeCompare(b.date)).slice(0, 10);
  const hrefs = await page
    .locator('main article header h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual(oldest.map(postPath).sort());
  await expect(page.locator('nav.pagination-nav a.pagination-nav__link--prev')).toHaveAttribute(
    'href',
    base,
  );

  expect((await page.request.get(`${base}/authors/2`)).status()).toBe(404);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${base}/page/2</loc>`);
  expect(sitemap).not.toContain('/authors/2<');
});

test('every read-more link is named by its visible text first, then the title', async ({page}) => {
  for (const path of ['/blog', '/blog/page/2', `/blog/authors/${AUTHOR_KEY}`]) {
    await openHydrated(page, path);
    const articles = page.locator('main article');
    await expect(articles).toHaveCount(10);
    for (const article of await articles.all()) {
      const title = (await article.locator('header h2').textContent()) ?? '';
      const readMore = article.getByRole('link', {name: `阅读更多：${title}`, exact: true});
      await expect(readMore, path).toHaveText('阅读更多');
    }
  }
});
