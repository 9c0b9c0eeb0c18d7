// Spec §1, §3 and §9: site identity, locale, docs version and fixed constants
// as the built pages expose them.
import {expect, test} from './fixtures';
import {openHydrated} from './helpers';
import {SITE_TITLE} from '../site-spec';
import {newestProblems, sidebarCount} from '../blog';

test('pages declare Docusaurus 3.7.0, zh-Hans, left-to-right, and the production URL', async ({
  page,
}) => {
  await openHydrated(page, '/docs/intro');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'zh_Hans');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://linshen-dev.github.io/docs/intro',
  );
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/img/favicon.svg');
  await expect(page.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toBeAttached();
  // Last: on another Docusaurus (npm run check:upgrade) only this line fails.
  await expect(page.locator('meta[name="generator"]')).toHaveAttribute(
    'content',
    'Docusaurus v3.7.0',
  );
});

test('titles join page and site with the "|" delimiter', async ({page}) => {
  await openHydrated(page, '/blog/archive');
  await expect(page).toHaveTitle(`历史博文 | ${SITE_TITLE}`);
});

test('the site metadata carries version 0.0.0, one docs version "current" labelled Next, and the Chinese locale', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/');
  const mainSrc = await page.locator('script[src*="/assets/js/main."]').getAttribute('src');
  const main = await (await request.get(mainSrc ?? '')).text();
  expect(main).toContain('"siteVersion":"0.0.0"');
  expect(main).toMatch(/"name":"current","label":"Next","isLast":true,"path":"\/docs"/);
  expect(main).toContain('"mainDocId":"intro"');
  expect(main).toMatch(/"calendar":"gregory"/);
  // 简体中文, as JSON escapes it.
  expect(main).toMatch(/"label":"\\u7b80\\u4f53\\u4e2d\\u6587"/i);
  expect(main).toContain('"direction":"ltr"');
});

test('the blog sidebar groups the newest posts by year and ends with a link to the archive', async ({
  page,
  blog,
}) => {
  await openHydrated(page, '/blog');
  const sidebar = page.locator('nav[aria-label="最近博文导航"]');
  await expect(sidebar.locator('div[role="group"] > h3').first()).toHaveText(
    blog.posts[0]?.date.slice(0, 4) ?? '',
  );
  const listed = sidebar.locator('div[role="group"] a');
  await expect(listed).toHaveCount(sidebarCount(blog));
  const hrefs = await listed.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(newestProblems(blog, hrefs)).toEqual([]);
  const archive = sidebar.getByRole('link', {name: '全部博文（按年归档）'});
  await archive.click();
  await expect(page).toHaveURL(/\/blog\/archive$/);
});

test('doc categories collapse with an ease-in-out animation', async ({page}) => {
  await openHydrated(page, '/docs/intro');
  const category = page.locator('.theme-doc-sidebar-item-category').first();
  await category.locator('button.menu__caret').click();
  await expect(category.locator('ul.menu__list')).toHaveAttribute('style', /ease-in-out/);
});
