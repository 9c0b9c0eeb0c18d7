/**
 * The blog's posts and feeds (spec §2): every post page shows its own title,
 * date and a reading time at Chinese rates; the RSS, Atom and JSON feeds carry
 * the newest posts in Chinese and point to the archive for the rest; author
 * pages paginate at /page/N; read-more links are named by their visible text.
 * What to expect comes from blog/ (tests/blog.ts), so a new post needs no edit.
 */
import {expect, test} from './fixtures';
import {readingTimeMinutes} from '../../src/plugins/blog/readingTime';
import {BLOG_FEED_LIMIT} from '../../config/blog';
import {AUTHOR_KEY, BLOG_PAGE_SIZE} from '../site-spec';
import {feedCount, listPages, newestProblems, postsBy} from '../blog';
import {openHydrated} from './helpers';

test('every post URL renders its title and its date', async ({page, blog}) => {
  test.setTimeout(60_000 + blog.posts.length * 3_000);
  for (const post of blog.posts) {
    expect(await openHydrated(page, post.permalink), post.file).toBe(200);
    await expect(page.locator('article h1'), post.file).toHaveText(post.title);
    await expect(page.locator(`article header time[datetime^="${post.date}"]`)).toBeVisible();
  }
});

test('the RSS, Atom and JSON feeds carry the newest posts under the Chinese title, and point to the archive', async ({
  request,
  blog,
}) => {
  const rss = await request.get('/blog/rss.xml');
  expect(rss.status()).toBe(200);
  const rssText = await rss.text();
  expect(rssText).toContain('<title>栈底笔记</title>');
  expect(rssText).toContain(
    `最新的 ${BLOG_FEED_LIMIT} 篇，全部博文见 https://linshen-dev.github.io/blog/archive`,
  );
  const rssLinks = [...rssText.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  expect(rssLinks).toHaveLength(feedCount(blog));
  expect(newestProblems(blog, rssLinks)).toEqual([]);

  const atom = await (await request.get('/blog/atom.xml')).text();
  expect(atom.match(/<entry>/g)).toHaveLength(feedCount(blog));

  const json = (await (await request.get('/blog/feed.json')).json()) as {
    title: string;
    items: {url: string}[];
  };
  expect(json.title).toBe('栈底笔记');
  const jsonLinks = json.items.map((item) => new URL(item.url).pathname);
  expect(jsonLinks).toHaveLength(feedCount(blog));
  expect(newestProblems(blog, jsonLinks)).toEqual([]);
});

test('a post shows the reading time computed at Chinese reading rates', async ({page, blog}) => {
  // The shortest, a middling and the longest post by that measure.
  const byMinutes = blog.posts
    .map((post) => ({post, minutes: Math.ceil(readingTimeMinutes(post.markdown.body))}))
    .sort((a, b) => a.minutes - b.minutes);
  const picks = [0, Math.floor(byMinutes.length / 2), byMinutes.length - 1].map(
    (i) => byMinutes[i],
  );
  for (const pick of picks) {
    if (!pick) continue;
    await openHydrated(page, pick.post.permalink);
    await expect(page.locator('article header'), pick.post.file).toContainText(
      `阅读需 ${pick.minutes} 分钟`,
    );
  }
  // The posts differ in length, and so do the times shown.
  expect(picks[0]?.minutes).toBeLessThan(picks.at(-1)?.minutes ?? 0);
});

test("an author's pages are /page/N, newest first, and list each of the author's posts once", async ({
  page,
  blog,
}) => {
  const base = `/blog/authors/${AUTHOR_KEY}`;
  const posts = postsBy(blog, AUTHOR_KEY);
  const pages = listPages(base, posts.length);
  test.setTimeout(60_000 + pages.length * 3_000);
  const seen: string[] = [];
  for (const [i, path] of pages.entries()) {
    await openHydrated(page, path);
    const hrefs = await page
      .locator('main article header h2 a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length, path).toBe(
      i < pages.length - 1 ? BLOG_PAGE_SIZE : posts.length - seen.length,
    );
    // Each page holds the newest of the posts that the pages before it did not.
    const rest = posts.filter((post) => !seen.includes(post.permalink));
    expect(newestProblems({...blog, posts: rest}, hrefs), path).toEqual([]);
    seen.push(...hrefs);
    const next = page.locator('nav.pagination-nav a.pagination-nav__link--next');
    if (pages[i + 1]) await expect(next).toHaveAttribute('href', pages[i + 1] ?? '');
    else await expect(next).toHaveCount(0);
    if (i > 0) {
      await expect(page.locator('nav.pagination-nav a.pagination-nav__link--prev')).toHaveAttribute(
        'href',
        pages[i - 1] ?? '',
      );
    }
  }
  expect([...seen].sort()).toEqual(posts.map((post) => post.permalink).sort());

  expect((await page.request.get(`${base}/authors/2`)).status()).toBe(404);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const path of pages.slice(1)) expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toContain('/authors/2<');
});

test('every read-more link is named by its visible text first, then the title', async ({
  page,
  blog,
}) => {
  const pages = [
    ...listPages('/blog', blog.posts.length).slice(0, 2),
    `/blog/authors/${AUTHOR_KEY}`,
  ];
  for (const path of pages) {
    await openHydrated(page, path);
    const articles = page.locator('main article');
    expect(await articles.count(), path).toBeGreaterThan(0);
    for (const article of await articles.all()) {
      const title = (await article.locator('header h2').textContent()) ?? '';
      const readMore = article.getByRole('link', {name: `阅读更多：${title}`, exact: true});
      await expect(readMore, path).toHaveText('阅读更多');
    }
  }
});
