/**
 * Post series (blog/series.yml + each post's `series` / `series_order`): a
 * post in a series shows a server-rendered box with the series, its place in
 * it and every part; the home page lists the same parts in the same order.
 */
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {groupSeries, readBlogPosts, readSeriesCatalog} from '../../src/plugins/series';
import {POSTS, postPath} from '../site-spec';
import {openHydrated} from './helpers';

const BLOG_DIR = path.resolve('blog');
const SERIES = groupSeries(readBlogPosts(BLOG_DIR), readSeriesCatalog(BLOG_DIR));

/** The post's URL from its source file name (YYYY-MM-DD-slug.md). */
function urlOf(source: string): string {
  const post = POSTS.find((p) => path.basename(source).startsWith(`${p.date}-${p.slug}.`));
  if (!post) throw new Error(`${source} is not a post of the spec`);
  return postPath(post);
}

test('the registry series box lists 8 parts, marks the current one, and its links work', async ({
  page,
}) => {
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  const box = page.getByRole('navigation', {name: '系列导航：MCP Registry 系列'});
  await expect(box).toContainText('MCP Registry 系列：第 4 篇，共 8 篇');
  const items = box.getByRole('listitem');
  await expect(items).toHaveCount(8);
  await expect(items.nth(3).locator('[aria-current="page"]')).toContainText('（本篇）');
  await expect(items.nth(3).getByRole('link')).toHaveCount(0);
  await expect(box.getByRole('link')).toHaveCount(7);

  // Client-side navigation to the next part; its own box now marks part 5.
  await box.getByRole('link').nth(3).click();
  await expect(page).toHaveURL(/\/blog\/2025\/09\/15\/generic-registry-api$/);
  await expect(page.getByRole('navigation', {name: /^系列导航/})).toContainText('第 5 篇，共 8 篇');
  await expect(
    page.getByRole('navigation', {name: /^系列导航/}).locator('[aria-current="page"]'),
  ).toContainText('通用注册表 API');
});

test('every post shows its series, its place and links to every other part', async ({page}) => {
  test.setTimeout(120_000);
  const places = new Map(
    SERIES.flatMap((series) =>
      series.parts.map((part, i) => [urlOf(part.source), {series, position: i + 1}] as const),
    ),
  );
  expect(places.size).toBe(POSTS.length);
  for (const post of POSTS) {
    const place = places.get(postPath(post));
    expect(place, post.slug).toBeDefined();
    if (!place) continue;
    const {series, position} = place;
    await openHydrated(page, postPath(post));
    const box = page.getByRole('navigation', {name: `系列导航：${series.title}`});
    await expect(box, post.slug).toContainText(`第 ${position} 篇，共 ${series.parts.length} 篇`);
    const hrefs = await box
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs, post.slug).toEqual(
      series.parts.filter((_, i) => i + 1 !== position).map((part) => urlOf(part.source)),
    );
  }
});

test('the box is server-rendered, and list pages leave it out', async ({browser, page}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const noJs = await context.newPage();
  await noJs.goto('/blog/2025/02/27/iscsi-basics');
  await expect(noJs.getByRole('navigation', {name: '系列导航：iSCSI 存储实践'})).toContainText(
    '第 1 篇，共 4 篇',
  );
  await context.close();

  await openHydrated(page, '/blog');
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('navigation', {name: /^系列导航/})).toHaveCount(0);
});

test('the home page lists the registry series in the order of the posts’ boxes', async ({page}) => {
  const registry = SERIES[0];
  expect(registry?.title).toBe('MCP Registry 系列');
  await openHydrated(page, '/');
  const section = page.locator('section', {has: page.locator('h2#series')});
  await expect(section.locator('h2#series')).toHaveText(/MCP Registry 系列/);
  await expect(section.locator('ol > li a')).toHaveText(registry?.parts.map((p) => p.title) ?? []);
  const hrefs = await section
    .locator('ol > li a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(registry?.parts.map((p) => urlOf(p.source)));
  // The other series: one line each, linking to their first part.
  const more = section.locator('h3#more-series + ul > li');
  await expect(more).toHaveCount(SERIES.length - 1);
  for (const [i, series] of SERIES.slice(1).entries()) {
    await expect(more.nth(i)).toContainText(`${series.title}（共 ${series.parts.length} 篇）`);
    await expect(more.nth(i).getByRole('link')).toHaveAttribute(
      'href',
      urlOf(series.parts[0]?.source ?? ''),
    );
  }
});
