/**
 * Post series (blog/series.yml + each post's `series` / `series_order`): a
 * post in a series shows a server-rendered box with the series, its place in
 * it and every part; the home page lists the same parts in the same order.
 */
import {expect, test} from './fixtures';
import {seriesOf} from '../blog';
import {openHydrated} from './helpers';

test('a series box marks the current part, links the others, and leads to the next part', async ({
  page,
  blog,
}) => {
  // The longest series, from a part in its middle.
  const series = [...seriesOf(blog)].sort((a, b) => b.parts.length - a.parts.length)[0];
  const parts = series?.parts ?? [];
  expect(parts.length, 'a series of three parts or more').toBeGreaterThanOrEqual(3);
  const current = Math.floor((parts.length - 1) / 2);
  await openHydrated(page, parts[current]?.permalink ?? '');
  const box = page.getByRole('navigation', {name: `系列导航：${series?.title}`});
  await expect(box).toContainText(`${series?.title}：第 ${current + 1} 篇，共 ${parts.length} 篇`);
  const items = box.getByRole('listitem');
  await expect(items).toHaveCount(parts.length);
  await expect(items.nth(current).locator('[aria-current="page"]')).toContainText('（本篇）');
  await expect(items.nth(current).getByRole('link')).toHaveCount(0);
  await expect(box.getByRole('link')).toHaveCount(parts.length - 1);

  // Client-side navigation to the next part; its own box now marks it.
  const next = parts[current + 1];
  await items
    .nth(current + 1)
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`${next?.permalink}$`));
  await expect(page.getByRole('navigation', {name: /^系列导航/})).toContainText(
    `第 ${current + 2} 篇，共 ${parts.length} 篇`,
  );
  await expect(
    page.getByRole('navigation', {name: /^系列导航/}).locator('[aria-current="page"]'),
  ).toContainText(next?.title ?? '');
});

test('every post in a series shows it, its place and links to every other part; other posts show none', async ({
  page,
  blog,
}) => {
  test.setTimeout(60_000 + blog.posts.length * 3_000);
  const places = new Map(
    seriesOf(blog).flatMap((series) =>
      series.parts.map((part, i) => [part.permalink, {series, position: i + 1}] as const),
    ),
  );
  for (const post of blog.posts) {
    await openHydrated(page, post.permalink);
    const place = places.get(post.permalink);
    if (!place) {
      await expect(page.locator('article h1'), post.file).toBeVisible();
      await expect(page.getByRole('navigation', {name: /^系列导航/}), post.file).toHaveCount(0);
      continue;
    }
    const {series, position} = place;
    const box = page.getByRole('navigation', {name: `系列导航：${series.title}`});
    await expect(box, post.file).toContainText(`第 ${position} 篇，共 ${series.parts.length} 篇`);
    const hrefs = await box
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs, post.file).toEqual(
      series.parts.filter((_, i) => i + 1 !== position).map((part) => part.permalink),
    );
  }
});

test('the box is server-rendered, and list pages leave it out', async ({browser, page, blog}) => {
  const series = seriesOf(blog).at(-1);
  const context = await browser.newContext({javaScriptEnabled: false});
  const noJs = await context.newPage();
  await noJs.goto(series?.parts[0]?.permalink ?? '');
  await expect(noJs.getByRole('navigation', {name: `系列导航：${series?.title}`})).toContainText(
    `第 1 篇，共 ${series?.parts.length} 篇`,
  );
  await context.close();

  await openHydrated(page, '/blog');
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('navigation', {name: /^系列导航/})).toHaveCount(0);
});

test('the home page lists the first series in the order of the posts’ boxes', async ({
  page,
  blog,
}) => {
  const [first, ...others] = seriesOf(blog);
  await openHydrated(page, '/');
  const section = page.locator('section', {has: page.locator('h2#series')});
  await expect(section.locator('h2#series')).toHaveText(new RegExp(first?.title ?? '^$'));
  await expect(section.locator('ol > li a')).toHaveText(first?.parts.map((p) => p.title) ?? []);
  const hrefs = await section
    .locator('ol > li a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(first?.parts.map((p) => p.permalink));
  // The other series: one line each, linking to their first part.
  const more = section.locator('h3#more-series + ul > li');
  await expect(more).toHaveCount(others.length);
  for (const [i, series] of others.entries()) {
    await expect(more.nth(i)).toContainText(`${series.title}（共 ${series.parts.length} 篇）`);
    await expect(more.nth(i).getByRole('link')).toHaveAttribute(
      'href',
      series.parts[0]?.permalink ?? '',
    );
  }
});
