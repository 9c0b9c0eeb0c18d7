// Spec §2, screens and routes: every route answers and shows its own content.
import {expect, test} from '@playwright/test';
import {openHydrated} from './helpers';
import {AUTHOR_KEY, BLOG_PAGE_SIZE, SITE_TITLE, SPEC_ROUTES} from '../site-spec';

test('every route of the spec answers 200 with a heading and the site title', async ({page}) => {
  test.setTimeout(120_000);
  for (const path of SPEC_ROUTES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('main').first(), path).toBeVisible();
    await expect(page, path).toHaveTitle(new RegExp(`${SITE_TITLE}$`));
  }
});

test('the home page introduces the author, the registry series, new posts and the tutorial', async ({
  page,
}) => {
  await openHydrated(page, '/');
  await expect(page.locator('header.hero h1.hero__title')).toHaveText(SITE_TITLE);
  await expect(page.locator('header.hero')).toContainText('林深');
  await expect(page).toHaveTitle(SITE_TITLE);
  const series = page.locator('section', {has: page.locator('h2#series')});
  await expect(series.locator('ol > li a')).toHaveCount(8);
  await expect(series.locator('ol > li a').first()).toHaveAttribute(
    'href',
    '/blog/2025/09/15/introducing-the-registry',
  );
  await expect(page.locator('h2#series a.hash-link')).toHaveAttribute(
    'title',
    'MCP Registry 系列的直接链接',
  );
  const recent = page.locator('section', {has: page.locator('h2#recent')});
  await expect(recent.locator('ul > li a')).toHaveCount(6);
  await expect(recent.locator('time').first()).toHaveText('2025年9月15日');
  await expect(page.locator('main a[href="/docs/intro"]')).toBeVisible();
});

test('the blog lists ten posts per page over two pages, and no third page', async ({page}) => {
  await openHydrated(page, '/blog');
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  await expect(page.locator('main article')).toHaveCount(BLOG_PAGE_SIZE);
  await expect(page).toHaveTitle(`博客 | ${SITE_TITLE}`);
  const older = page.locator('nav[aria-label="博文列表分页导航"] a[href="/blog/page/2"]');
  await expect(older).toContainText('较旧的博文');
  await older.click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page.locator('main article')).toHaveCount(BLOG_PAGE_SIZE);
  await expect(page.locator('nav[aria-label="博文列表分页导航"] a[href="/blog"]')).toContainText(
    '较新的博文',
  );
  const third = await page.goto('/blog/page/3');
  expect(third?.status()).toBe(404);
});

test('the archive lists all twenty posts under the year 2025', async ({page}) => {
  await openHydrated(page, '/blog/archive');
  await expect(page.locator('h1')).toHaveText('历史博文');
  await expect(page.getByRole('heading', {level: 2, name: '2025'})).toBeVisible();
  await expect(page.locator('main a[href^="/blog/2025/"]')).toHaveCount(20);
});

test('the authors pages are in Chinese and list the author with all posts', async ({page}) => {
  await openHydrated(page, '/blog/authors');
  await expect(page.locator('h1')).toHaveText('作者');
  await expect(page.locator(`main a[href="/blog/authors/${AUTHOR_KEY}"]`).first()).toBeVisible();
  await openHydrated(page, `/blog/authors/${AUTHOR_KEY}`);
  await expect(page.locator('html')).toHaveClass(/blog-authors-posts-page/);
  await expect(page.locator('main h1')).toContainText('林深');
  await expect(page.locator('main article')).toHaveCount(BLOG_PAGE_SIZE);
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
