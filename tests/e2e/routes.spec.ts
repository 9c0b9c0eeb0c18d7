// Spec §2, screens and routes: every route answers and shows its own content.
// Counts (list pages, the archive, the newest post) come from blog/, so a new
// post needs no edit here; the `grown` project runs this file on a copy of the
// site with posts added.
import {expect, test} from './fixtures';
import {openHydrated} from './helpers';
import {AUTHOR_KEY, BLOG_PAGE_SIZE, SITE_TITLE, SPEC_ROUTES} from '../site-spec';
import {chineseDate, listPages, newest, postsBy, seriesOf, years} from '../blog';

test('every route of the spec answers 200 with a heading and the site title', async ({page}) => {
  test.setTimeout(120_000);
  for (const path of SPEC_ROUTES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('main').first(), path).toBeVisible();
    await expect(page, path).toHaveTitle(new RegExp(`${SITE_TITLE}$`));
  }
});

test('the home page introduces the author, the first series, the newest posts and the tutorial', async ({
  page,
  blog,
}) => {
  const [first] = seriesOf(blog);
  await openHydrated(page, '/');
  await expect(page.locator('header.hero h1.hero__title')).toHaveText(SITE_TITLE);
  await expect(page.locator('header.hero')).toContainText('林深');
  await expect(page).toHaveTitle(SITE_TITLE);
  const series = page.locator('section', {has: page.locator('h2#series')});
  const parts = series.locator('ol > li a');
  await expect(parts).toHaveCount(first?.parts.length ?? 0);
  await expect(parts.first()).toHaveAttribute('href', first?.parts[0]?.permalink ?? '');
  await expect(page.locator('h2#series a.hash-link')).toHaveAttribute(
    'title',
    `${first?.title}的直接链接`,
  );
  const recent = page.locator('section', {has: page.locator('h2#recent')});
  await expect(recent.locator('ul > li a')).toHaveCount(Math.min(6, blog.posts.length));
  await expect(recent.locator('time').first()).toHaveText(chineseDate(newest(blog).date));
  await expect(page.locator('main a[href="/docs/intro"]')).toBeVisible();
});

test('the blog lists ten posts a page, newest first, every post once, and no page after the last', async ({
  page,
  blog,
}) => {
  test.setTimeout(60_000 + blog.posts.length * 500);
  const pages = listPages('/blog', blog.posts.length);
  const seen: string[] = [];
  let previousOldest = '9999-99-99';
  for (const [i, path] of pages.entries()) {
    await openHydrated(page, path);
    await expect(page.locator('html')).toHaveClass(/blog-list-page/);
    await expect(page).toHaveTitle(`博客 | ${SITE_TITLE}`);
    const articles = page.locator('main article');
    const expected = i < pages.length - 1 ? BLOG_PAGE_SIZE : blog.posts.length - seen.length;
    await expect(articles, path).toHaveCount(expected);
    const dates = await articles
      .locator('header time')
      .evaluateAll((times) =>
        times.map((time) => time.getAttribute('datetime')?.slice(0, 10) ?? ''),
      );
    expect(dates, `${path} is newest first`).toEqual([...dates].sort().reverse());
    expect((dates[0] ?? '') <= previousOldest, `${path} follows the page before`).toBe(true);
    previousOldest = dates.at(-1) ?? previousOldest;
    seen.push(
      ...(await articles
        .locator('header h2 a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))),
    );
    const nav = page.locator('nav[aria-label="博文列表分页导航"]');
    const next = pages[i + 1];
    if (next) await expect(nav.locator(`a[href="${next}"]`)).toContainText('较旧的博文');
    const prev = pages[i - 1];
    if (prev) await expect(nav.locator(`a[href="${prev}"]`)).toContainText('较新的博文');
  }
  expect([...seen].sort()).toEqual(blog.posts.map((post) => post.permalink).sort());
  const after = await page.goto(`/blog/page/${pages.length + 1}`);
  expect(after?.status()).toBe(404);
});

test('the archive lists every post under its year', async ({page, blog}) => {
  await openHydrated(page, '/blog/archive');
  await expect(page.locator('h1')).toHaveText('历史博文');
  for (const year of years(blog)) {
    await expect(page.getByRole('heading', {level: 2, name: year})).toBeVisible();
  }
  const links = await page
    .locator('main a[href^="/blog/"]')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  expect(links.sort()).toEqual(blog.posts.map((post) => post.permalink).sort());
});

test('the authors pages are in Chinese and list the author with the newest posts', async ({
  page,
  blog,
}) => {
  await openHydrated(page, '/blog/authors');
  await expect(page.locator('h1')).toHaveText('作者');
  await expect(page.locator(`main a[href="/blog/authors/${AUTHOR_KEY}"]`).first()).toBeVisible();
  await openHydrated(page, `/blog/authors/${AUTHOR_KEY}`);
  await expect(page.locator('html')).toHaveClass(/blog-authors-posts-page/);
  await expect(page.locator('main h1')).toContainText('林深');
  const posts = postsBy(blog, AUTHOR_KEY).length;
  await expect(page).toHaveTitle(new RegExp(`（${posts} 篇博文）`));
  await expect(page.locator('main article')).toHaveCount(Math.min(BLOG_PAGE_SIZE, posts));
  await expect(page.locator('main a[href="https://github.com/linshen-dev"]').first()).toBeVisible();
});

test('the markdown page renders Markdown in Chinese', async ({page}) => {
  await openHydrated(page, '/markdown-page');
  await expect(page.locator('html')).toHaveClass(/mdx-page/);
  await expect(page.locator('main h1')).toHaveText('Markdown 页面示例');
  await expect(page.locator('main pre code').first()).toContainText('npm start');
});

test('an unknown path shows the Chinese not-found page with status 404', async ({page}) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`找不到页面 | ${SITE_TITLE}`);
  await expect(page.locator('main h1')).toHaveText('找不到页面');
  await expect(page.locator('main p').first()).toHaveText('我们找不到您要找的页面。');
});
