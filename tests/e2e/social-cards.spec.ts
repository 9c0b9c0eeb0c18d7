/**
 * Social cards (src/plugins/social-cards): every post and the home page have
 * a 1200×630 PNG made at build time; og:image, twitter:image and the JSON-LD
 * image name it with one absolute URL, and the card has an alt text.
 */
import {createHash} from 'node:crypto';
import type {APIRequestContext, Page} from '@playwright/test';
import {CARD_WIDTH, TITLE_BAND} from '../../src/plugins/social-cards/layout';
import {expect, test} from './fixtures';
import {onTestServer, openHydrated, sitemapUrls} from './helpers';
import {decodePng, inkInRows} from './png';

type CardTags = {og: string; twitter: string; alt: string; width: string; height: string};

/** The card's meta tags as the built page serves them (no JavaScript run). */
async function cardTags(page: Page): Promise<CardTags> {
  const meta = (selector: string) =>
    page
      .locator(`head meta[${selector}]`)
      .getAttribute('content')
      .then((value) => value ?? '');
  return {
    og: await meta('property="og:image"'),
    twitter: await meta('name="twitter:image"'),
    alt: await meta('property="og:image:alt"'),
    width: await meta('property="og:image:width"'),
    height: await meta('property="og:image:height"'),
  };
}

/** Fetches a card from the test server and decodes it. */
async function fetchPng(request: APIRequestContext, url: string) {
  const response = await request.get(onTestServer(url));
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toContain('image/png');
  return decodePng(await response.body());
}

test.describe('with JavaScript off (the built HTML)', () => {
  test.use({javaScriptEnabled: false});

  test('every post names its own 1200×630 card, absolutely, in og:image, twitter:image and JSON-LD', async ({
    page,
    blog,
  }) => {
    test.setTimeout(60_000 + blog.posts.length * 3_000);
    const origin = new URL((await sitemapUrls(page))[0] ?? '').origin;
    const seen = new Set<string>();
    const pictures = new Set<string>();
    const titles = new Set<string>();
    for (const post of blog.posts) {
      await page.goto(post.permalink);
      const title = (await page.locator('article h1').first().textContent()) ?? '';
      const tags = await cardTags(page);
      expect(tags.og, post.file).toMatch(new RegExp(`^${origin}/.+\\.png$`));
      expect(tags.twitter, post.file).toBe(tags.og);
      expect(tags.alt, post.file).toContain(title);
      expect([tags.width, tags.height], post.file).toEqual(['1200', '630']);

      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .allTextContents()
        .then((texts) => texts.map((text) => JSON.parse(text) as Record<string, unknown>));
      const posting = jsonLd.find((data) => data['@type'] === 'BlogPosting');
      const image = posting?.image as {url?: string} | undefined;
      expect(image?.url, post.file).toBe(tags.og);
      // The author's avatar is absolute too (3.7.0 writes image_url as given).
      const author = posting?.author as {image?: string} | undefined;
      expect(author?.image, post.file).toBe(`${origin}/img/linshen.svg`);

      const card = await fetchPng(page.request, tags.og);
      expect({width: card.width, height: card.height}, post.file).toEqual({
        width: 1200,
        height: 630,
      });
      // The title is drawn: its band holds at least a couple of glyphs' worth of ink.
      const band = (TITLE_BAND.bottom - TITLE_BAND.top) * CARD_WIDTH;
      expect(inkInRows(card, TITLE_BAND.top, TITLE_BAND.bottom), post.file).toBeGreaterThan(
        band * 0.005,
      );
      seen.add(tags.og);
      titles.add(title);
      pictures.add(createHash('sha256').update(card.pixels).digest('hex'));
    }
    expect(seen.size, 'one card per post').toBe(blog.posts.length);
    // Different titles make different pictures, not one image under many names.
    expect(pictures.size, 'one picture per title').toBe(titles.size);
  });

  test('the home page has its own card, with size and alt', async ({page, blog}) => {
    await page.goto('/');
    const tags = await cardTags(page);
    const origin = new URL((await sitemapUrls(page))[0] ?? '').origin;
    expect(tags.og).toMatch(new RegExp(`^${origin}/.+\\.png$`));
    expect(tags.twitter).toBe(tags.og);
    expect(tags.alt).toContain('栈底笔记');
    expect([tags.width, tags.height]).toEqual(['1200', '630']);
    expect(await fetchPng(page.request, tags.og)).toMatchObject({width: 1200, height: 630});

    await page.goto(blog.posts[0]?.permalink ?? '');
    expect((await cardTags(page)).og).not.toBe(tags.og);
  });
});

test('the blog list names each post’s author image by absolute URL in its JSON-LD', async ({
  page,
}) => {
  const response = await page.goto('/blog');
  const html = (await response?.text()) ?? '';
  const origin = new URL((await sitemapUrls(page))[0] ?? '').origin;
  const blog = [...html.matchAll(/<script[^>]*type="?application\/ld\+json"?>([^<]+)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? '{}') as {'@type'?: string; blogPost?: unknown[]})
    .find((data) => data['@type'] === 'Blog');
  const images = (blog?.blogPost ?? []).map(
    (posting) => (posting as {author?: {image?: string}}).author?.image,
  );
  expect(images.length).toBe(10);
  for (const image of images) expect(image).toBe(`${origin}/img/linshen.svg`);
});

test('reading a post fetches no card: cards are for link previews only', async ({page}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  expect(fetched.filter((url) => /\/img\/social\/|\.png$/.test(url))).toEqual([]);
  // After client-side navigation the next post's tags name its own card.
  await page
    .getByRole('navigation', {name: /^系列导航/})
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/introducing-the-registry$/);
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/introducing-the-registry\.png$/,
  );
});
