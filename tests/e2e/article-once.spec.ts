/**
 * Issue 34: a post's or doc's article ships once, as the page's HTML
 * (src/plugins/article-once). The article's nodes are the server's, before
 * and after hydration, and React keeps no fibre for them; no first-load
 * script carries the article's text; client navigation brings the next
 * article from its article file; a render from scratch keeps the article.
 * Pages are derived from blog/ and docs/: a page written in plain Markdown
 * must ship this way.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {seriesOf, type BlogPost} from '../blog';
import {readMarkdown} from '../content/markdown';
import {
  carriesText,
  scriptTexts,
  clickCopy,
  openHydrated,
  sitemapPaths,
  waitForHydration,
} from './helpers';

const ARTICLE = '#__blog-post-container, .theme-doc-markdown';

/** The article file of a page, as the build wrote it (null when there is none). */
async function articleFile(page: Page, pathname: string): Promise<{html?: string} | null> {
  const response = await page.request.get(`/__articles${pathname}.json`);
  return response.ok() ? ((await response.json()) as {html?: string}) : null;
}

/** Markdown with no import, export or component: nothing in it needs the browser. */
function isPlainMarkdown(file: string): boolean {
  const {prose} = readMarkdown(file);
  return !/^(import|export)\s/m.test(prose) && !/<[A-Z]/.test(prose);
}

/** The doc pages of the sitemap, with their Markdown files. */
async function docPages(page: Page, siteDir: string): Promise<{path: string; file?: string}[]> {
  return (await sitemapPaths(page))
    .filter((p) => p.startsWith('/docs/') && !p.startsWith('/docs/category/'))
    .map((p) => ({
      path: p,
      file: ['.md', '.mdx']
        .map((ext) => path.join(siteDir, `${p.slice(1)}${ext}`))
        .find((f) => existsSync(f)),
    }));
}

/**
 * Before the bundle runs (it starts after the first frame), marks the
 * article element and every node inside it; `window.__article` reports them.
 */
async function markArticleBeforeTheBundle(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      const article = document.querySelector(selector);
      if (!article) return;
      const nodes: Node[] = [];
      const walker = document.createTreeWalker(article);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      Object.assign(window, {__article: {element: article, nodes}});
    });
  }, ARTICLE);
}

type ArticleState = {
  sameElement: boolean;
  nodes: number;
  sameNodes: boolean;
  withFibre: number;
  elements: number;
};

/**
 * Whether the article shows the article file's HTML: the same elements and
 * text (attributes differ once the page has run: a code block that scrolls
 * is marked, a wide table becomes a region).
 */
async function showsHtml(page: Page, html: string | undefined): Promise<boolean> {
  return page.locator(ARTICLE).evaluate((el, fileHtml) => {
    const parsed = document.createElement('template');
    parsed.innerHTML = fileHtml ?? '';
    const tags = (root: ParentNode) => Array.from(root.querySelectorAll('*'), (e) => e.tagName);
    return (
      parsed.content.textContent === el.textContent &&
      tags(parsed.content).join() === tags(el).join()
    );
  }, html);
}

/** How the marked article looks after hydration. */
function articleState(page: Page): Promise<ArticleState> {
  return page.evaluate((selector) => {
    const marked = (window as unknown as {__article?: {element: Element; nodes: Node[]}}).__article;
    const article = document.querySelector(selector);
    if (!marked || !article) throw new Error('no article on the page');
    const now: Node[] = [];
    const walker = document.createTreeWalker(article);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) now.push(node);
    const elements = now.filter((node): node is Element => node instanceof Element);
    return {
      sameElement: marked.element === article,
      nodes: now.length,
      sameNodes: now.length === marked.nodes.length && now.every((n, i) => n === marked.nodes[i]),
      withFibre: elements.filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')))
        .length,
      elements: elements.length,
    };
  }, ARTICLE);
}

/** The longest paragraph of the article: text only the article has. */
function articleSample(page: Page): Promise<string> {
  return page.evaluate((selector) => {
    const texts = Array.from(
      document.querySelectorAll(`${selector.split(',').join(' p,')} p`),
      (p) => (p.textContent ?? '').trim(),
    );
    return texts.sort((a, b) => b.length - a.length)[0] ?? '';
  }, ARTICLE);
}

test('every post and doc page written in plain Markdown keeps the server’s article: the same nodes after hydration, no React fibre in them, and no script carries its text', async ({
  page,
  blog,
}) => {
  const docs = await docPages(page, blog.siteDir);
  const pages = [...blog.posts.map((post) => ({path: post.permalink, file: post.source})), ...docs];
  test.setTimeout(60_000 + pages.length * 5_000);
  await markArticleBeforeTheBundle(page);
  const scriptText = scriptTexts(page);
  let shells = 0;
  for (const {path: pathname, file} of pages) {
    const article = await articleFile(page, pathname);
    expect(article, `${pathname} has an article file`).not.toBeNull();
    if (article?.html === undefined) {
      // The build said why this page renders its article in the browser.
      expect(file && isPlainMarkdown(file), `${pathname} is plain Markdown`).toBeFalsy();
      continue;
    }
    shells += 1;
    await openHydrated(page, pathname);
    const state = await articleState(page);
    expect(state.elements, pathname).toBeGreaterThan(0);
    expect(state, pathname).toMatchObject({sameElement: true, sameNodes: true, withFibre: 0});
    const sample = await articleSample(page);
    expect(sample.length, `${pathname}: a paragraph to look for`).toBeGreaterThan(10);
    // Every script this page loaded until hydration, cached or not.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.name),
    );
    expect(scripts.length, `${pathname}: scripts`).toBeGreaterThan(0);
    for (const url of scripts) {
      const text = await scriptText(url);
      expect(carriesText(text, sample), `${pathname}: ${url} carries the article's text`).toBe(
        false,
      );
    }
  }
  expect(shells).toBeGreaterThan(0);
});

test('a render from scratch (hydration failed elsewhere on the page) draws the same article', async ({
  page,
  blog,
}) => {
  const post = blog.posts[0];
  await markArticleBeforeTheBundle(page);
  // Text React did not render: hydration fails, and React renders the root anew.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const title = document.querySelector('.navbar__title');
      if (title) title.textContent += '（改）';
    });
  });
  const original = await articleFile(page, post?.permalink ?? '');
  await openHydrated(page, post?.permalink ?? '');
  const state = await articleState(page);
  expect(state.sameElement, 'the article element was made again').toBe(false);
  expect(state.withFibre).toBe(0);
  expect(await showsHtml(page, original?.html)).toBe(true);
});

for (const [from, linkName, kind] of [
  ['/blog', null, 'post'],
  ['/docs/category/tutorial---basics', /Markdown 功能/, 'doc'],
] as const) {
  test(`client navigation to a ${kind} brings its article file and renders it without hydrating it`, async ({
    page,
  }) => {
    await openHydrated(page, from);
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const link = linkName
      ? page.getByRole('main').getByRole('link', {name: linkName})
      : page.locator('article header h2 a').first();
    const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await waitForHydration(page);
    await expect(page.locator(ARTICLE)).toBeVisible();
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(fetched).toContain(`/__articles${target}.json`);
    const file = await articleFile(page, target);
    expect(await showsHtml(page, file?.html)).toBe(true);
    const withFibre = await page
      .locator(ARTICLE)
      .evaluate(
        (el) =>
          Array.from(el.querySelectorAll('*')).filter((e) =>
            Object.keys(e).some((k) => k.startsWith('__reactFiber$')),
          ).length,
      );
    expect(withFibre).toBe(0);
  });
}

test('an article file written by another build reloads the page into the new one', async ({
  page,
}) => {
  await openHydrated(page, '/docs/category/tutorial---basics');
  await page.route('**/__articles/**', (route) => route.fulfill({json: {build: 'another-build'}}));
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const warning = page.waitForEvent(
    'console',
    (message) => message.type() === 'warning' && /another build/.test(message.text()),
  );
  await page
    .getByRole('main')
    .getByRole('link', {name: /Markdown 功能/})
    .click();
  await warning;
  await page.waitForURL(/markdown-features$/, {waitUntil: 'load'});
  await waitForHydration(page);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
  await expect(page.locator(ARTICLE)).toContainText('Markdown');
});

/** The first post whose Markdown has what `has` looks for (derived from blog/, not today's posts). */
function postWith(
  blog: {posts: readonly BlogPost[]},
  has: (markdown: ReturnType<typeof readMarkdown>) => boolean,
): BlogPost {
  const post = blog.posts.find((p) => has(readMarkdown(p.source)));
  if (!post) throw new Error('no post has it');
  return post;
}

/** A link inside the article to another post (a series box has them). */
const POST_LINK = `${ARTICLE.split(',')[0]} a[href^="/blog/20"]:not([href*="#"])`;

test('a link inside the article preloads its page on hover, prefetches it once visible, and opens it on the client; a modified click is the browser’s', async ({
  page,
  context,
  blog,
}) => {
  const post = seriesOf(blog).find((series) => series.parts.length > 1)?.parts[0];
  if (!post) throw new Error('no series of two posts or more');
  // Every request from the start: a link in view at load is prefetched while the page is idle.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await openHydrated(page, post.permalink);
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const link = page.locator(POST_LINK).first();
  const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
  const manifest = (await (await page.request.get(`/__routes${target}.json`)).json()) as {
    files: string[];
  };

  // Once on screen, the page is prefetched: its manifest, then its files as <link rel=prefetch>.
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => requested).toContain(`/__routes${target}.json`);
  // On hover its code is loaded: the route's own chunks run as scripts.
  const files = new Set(manifest.files.map((file) => `/${file}`));
  const preloaded = page.waitForRequest(
    (r) => r.resourceType() === 'script' && files.has(new URL(r.url()).pathname),
  );
  await link.hover();
  await preloaded;

  // Ctrl/⌘ + click: a new tab, this page stays where it is.
  const opened = context.waitForEvent('page');
  await link.click({modifiers: ['ControlOrMeta']});
  await (await opened).close();
  expect(new URL(page.url()).pathname).toBe(post.permalink);

  // The address changes at once; the page, once its code and article have loaded.
  const title = await page.title();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page).not.toHaveTitle(title);
  await expect(page.locator(ARTICLE)).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);

  // Back to the first post, still in the same document, its article whole.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${post.permalink}$`));
  await expect(page).toHaveTitle(title);
  await expect(page.locator(POST_LINK).first()).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});

test('a heading’s anchor inside the article moves within the page', async ({page, blog}) => {
  await openHydrated(page, blog.posts[0]?.permalink ?? '');
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const anchor = page.locator(`${ARTICLE.split(',')[0]} h2 a.hash-link`).first();
  const hash = (await anchor.getAttribute('href')) ?? '';
  await anchor.click();
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(hash);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('a footnote inside the article leads to its note under 脚注, and the note’s back link returns', async ({
  page,
  blog,
}) => {
  // Derived from blog/: today's posts have no footnote, the grown site's do.
  const post = blog.posts.find((p) => /^\[\^[^\]\s]+\]:/m.test(p.markdown.prose));
  test.skip(!post, 'no post defines a footnote');
  await openHydrated(page, post?.permalink ?? '');
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const article = page.locator(ARTICLE.split(',')[0] ?? '');
  const reference = article.locator('a[data-footnote-ref]').first();
  const href = (await reference.getAttribute('href')) ?? '';
  await reference.click();
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(href);
  const note = article.locator(`[id="${href.slice(1)}"]`);
  await expect(note).toBeInViewport();
  await expect(article.locator('section[data-footnotes] h2')).toHaveText('脚注');
  const back = note.locator('a[data-footnote-backref]').first();
  await expect(back).toHaveAttribute('aria-label', /^回到正文中第 1 个脚注/);
  await back.click();
  await expect(reference).toBeInViewport();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});

test('Tabs inside an article switch on click and on Enter, and the arrow keys move along them', async ({
  page,
  blog,
}) => {
  // Derived from docs/: every doc page whose Markdown uses the theme's Tabs.
  const pages = (await docPages(page, blog.siteDir)).filter(
    ({file}) => file && /<Tabs[\s>]/.test(readFileSync(file, 'utf8')),
  );
  test.skip(pages.length === 0, 'no doc uses Tabs');
  for (const {path: pathname} of pages) {
    await openHydrated(page, pathname);
    const container = page.locator(`${ARTICLE.split(',')[1]?.trim()} .tabs-container`).first();
    const tabs = container.getByRole('tab');
    expect(await tabs.count(), `${pathname}: tabs`).toBeGreaterThan(1);
    const panelOf = (i: number) => container.getByRole('tabpanel', {includeHidden: true}).nth(i);
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(panelOf(1)).toBeVisible();
    await expect(panelOf(0)).toBeHidden();
    // The arrow keys move the focus (wrapping at the ends); Enter selects.
    await tabs.nth(1).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(0)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.last()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(panelOf(0)).toBeVisible();
    await expect(panelOf(1)).toBeHidden();
  }
});

test('after client navigation into a post, its code blocks copy and wrap, and a wide table is a labelled region', async ({
  page,
  context,
  blog,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 390, height: 844});
  const post = postWith(
    blog,
    ({prose, codeBlocks}) => /^\|.*\|\s*$/m.test(prose) && codeBlocks.length > 0,
  );
  // From the archive, which links every post.
  await openHydrated(page, '/blog/archive');
  await page.locator(`main a[href="${post.permalink}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${post.permalink}$`));
  await waitForHydration(page);

  // The address changes at once; the page shows once its code and article have loaded.
  const block = page.locator(`${ARTICLE.split(',')[0]} .theme-code-block`).first();
  await expect(block).toBeVisible();
  const lines = await block.locator('.token-line').allTextContents();
  await clickCopy(block);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));

  const wide = page
    .locator(`${ARTICLE.split(',')[0]} .theme-code-block:has(pre[data-scrollable])`)
    .first();
  await wide.getByRole('button', {name: '切换自动换行'}).click();
  await expect(wide.getByRole('button', {name: '切换自动换行'})).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(() => wide.locator('pre').evaluate((el) => el.scrollWidth > el.clientWidth))
    .toBe(false);

  // Every table that scrolls sideways is a focusable region named after its columns; the others are not.
  const tables = page.locator(`${ARTICLE.split(',')[0]} table`);
  expect(await tables.count()).toBeGreaterThan(0);
  await expect
    .poll(() =>
      tables.evaluateAll((all) =>
        all.every((table) => {
          const box = table.parentElement;
          if (!box) return false;
          const scrolls = box.scrollWidth > box.clientWidth + 1;
          const region =
            box.getAttribute('role') === 'region' &&
            box.tabIndex === 0 &&
            (box.getAttribute('aria-label') ?? '').startsWith('表格（可左右滚动）');
          return scrolls === region;
        }),
      ),
    )
    .toBe(true);
});

test('when a page’s article file fails to load, a warning is logged and the page reloads into it', async ({
  page,
}) => {
  await openHydrated(page, '/docs/category/tutorial---basics');
  let failing = true;
  await page.route('**/__articles/**', (route) => (failing ? route.abort() : route.continue()));
  const warning = page.waitForEvent(
    'console',
    (message) => message.type() === 'warning' && /Loading chunk/.test(message.text()),
  );
  await page
    .getByRole('main')
    .getByRole('link', {name: /Markdown 功能/})
    .click();
  await warning;
  failing = false;
  await page.waitForURL(/markdown-features$/, {waitUntil: 'load'});
  await waitForHydration(page);
  await expect(page.locator(ARTICLE)).toContainText('Markdown');
});
