/**
 * Lists as light as posts (src/plugins/article-once): each post's preview on
 * a list page (the blog's, an author's, a tag's, and their pages) is the
 * server's HTML, before and after hydration, with no React fibre in it and
 * no first-load script carrying its text; client navigation brings a list's
 * previews from its article file; a link inside a preview still opens its
 * page on the client. The list pages come from the sitemap and blog/
 * (tests/blog.ts), so a new post, author or tag needs no edit.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {listPages} from '../blog';
import {readMarkdown} from '../content/markdown';
import {carriesText, scriptTexts, listPagePaths, openHydrated, waitForHydration} from './helpers';

const PREVIEW = '[data-preview]';

/** A list page's article file, as the build wrote it (null when there is none). */
async function listFile(
  page: Page,
  pathname: string,
): Promise<{previews?: Record<string, string>} | null> {
  const response = await page.request.get(`/__articles${pathname}.json`);
  return response.ok() ? ((await response.json()) as {previews?: Record<string, string>}) : null;
}

/** A post's opening (before the truncate marker) with no import, export or component. */
function isPlainOpening(file: string): boolean {
  const {prose} = readMarkdown(file);
  const opening = prose.split(/<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/)[0] ?? '';
  return !/^(import|export)\s/m.test(prose) && !/<[A-Z]/.test(opening);
}

/**
 * Before the bundle runs, marks each preview element and every node inside
 * it; `window.__previews` reports them, by post path.
 */
async function markPreviewsBeforeTheBundle(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      const marked: Record<string, {element: Element; nodes: Node[]}> = {};
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const nodes: Node[] = [];
        const walker = document.createTreeWalker(element);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
        marked[element.getAttribute('data-preview') ?? ''] = {element, nodes};
      }
      Object.assign(window, {__previews: marked});
    });
  }, PREVIEW);
}

type PreviewState = {
  post: string;
  sameElement: boolean;
  sameNodes: boolean;
  elements: number;
  withFibre: number;
};

/** How each marked preview looks now (after hydration). */
function previewStates(page: Page): Promise<PreviewState[]> {
  return page.evaluate((selector) => {
    const marked =
      (window as unknown as {__previews?: Record<string, {element: Element; nodes: Node[]}>})
        .__previews ?? {};
    return Array.from(document.querySelectorAll(selector), (element) => {
      const post = element.getAttribute('data-preview') ?? '';
      const now: Node[] = [];
      const walker = document.createTreeWalker(element);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) now.push(node);
      const elements = now.filter((node): node is Element => node instanceof Element);
      const before = marked[post];
      return {
        post,
        sameElement: before?.element === element,
        sameNodes:
          before !== undefined &&
          now.length === before.nodes.length &&
          now.every((node, i) => node === before.nodes[i]),
        elements: elements.length,
        withFibre: elements.filter((el) =>
          Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
        ).length,
      };
    });
  }, PREVIEW);
}

/** Fibres React keeps inside the page's previews (none, for previews that are server HTML). */
function fibresInPreviews(page: Page, posts: readonly string[]): Promise<number> {
  return page.evaluate(
    ({selector, paths}) =>
      Array.from(document.querySelectorAll(selector))
        .filter((preview) => paths.includes(preview.getAttribute('data-preview') ?? ''))
        .flatMap((preview) => Array.from(preview.querySelectorAll('*')))
        .filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))).length,
    {selector: PREVIEW, paths: [...posts]},
  );
}

/** Whether each preview of the file shows the file's HTML: the same elements and text. */
function showsFile(page: Page, previews: Record<string, string>): Promise<string[]> {
  return page.evaluate(
    ({selector, files}) =>
      Object.entries(files).flatMap(([post, html]) => {
        const preview = Array.from(document.querySelectorAll(selector)).find(
          (el) => el.getAttribute('data-preview') === post,
        );
        const parsed = document.createElement('template');
        parsed.innerHTML = html;
        const tags = (root: ParentNode) => Array.from(root.querySelectorAll('*'), (e) => e.tagName);
        const same =
          preview !== undefined &&
          parsed.content.textContent === preview.textContent &&
          tags(parsed.content).join() === tags(preview).join();
        return same ? [] : [post];
      }),
    {selector: PREVIEW, files: previews},
  );
}

test('the list pages are the blog’s pages and each author’s, as many as their posts fill', async ({
  page,
  blog,
}) => {
  const lists = await listPagePaths(page);
  for (const path of listPages('/blog', blog.posts.length)) expect(lists).toContain(path);
  expect(lists.some((path) => path.startsWith('/blog/authors/'))).toBe(true);
});

test('every list page keeps the server’s previews: the same nodes after hydration, no React fibre in them, and no script carries their text', async ({
  page,
  blog,
}) => {
  const lists = await listPagePaths(page);
  test.setTimeout(60_000 + lists.length * 10_000);
  const sources = new Map(blog.posts.map((post) => [post.permalink, post.source]));
  await markPreviewsBeforeTheBundle(page);
  const scriptText = scriptTexts(page);
  let shells = 0;
  for (const path of lists) {
    const file = await listFile(page, path);
    expect(file?.previews, `${path} has an article file of previews`).toBeDefined();
    const html = file?.previews ?? {};
    await openHydrated(page, path);
    const states = await previewStates(page);
    expect(states.length, `${path}: previews`).toBeGreaterThan(0);
    for (const state of states) {
      if (html[state.post] === undefined) {
        // The build said why this preview renders in the browser: its opening needs it.
        const source = sources.get(state.post);
        expect(source && isPlainOpening(source), `${state.post}'s opening is plain`).toBeFalsy();
        continue;
      }
      shells += 1;
      expect(state.elements, `${path}: ${state.post}`).toBeGreaterThan(0);
      expect(state, `${path}: ${state.post}`).toMatchObject({
        sameElement: true,
        sameNodes: true,
        withFibre: 0,
      });
    }
    // The longest paragraph of each preview: text only that preview has.
    const samples = await page.evaluate(
      ({selector, posts}) =>
        Array.from(document.querySelectorAll(selector))
          .filter((el) => posts.includes(el.getAttribute('data-preview') ?? ''))
          .map(
            (el) =>
              Array.from(el.querySelectorAll('p'), (p) => (p.textContent ?? '').trim()).sort(
                (a, b) => b.length - a.length,
              )[0] ?? '',
          )
          .filter((text) => text.length > 10),
      {selector: PREVIEW, posts: Object.keys(html)},
    );
    expect(samples.length, `${path}: paragraphs to look for`).toBe(Object.keys(html).length);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.name),
    );
    for (const url of scripts) {
      const text = await scriptText(url);
      for (const sample of samples) {
        expect(carriesText(text, sample), `${path}: ${url} carries a preview's text`).toBe(false);
      }
    }
  }
  expect(shells).toBeGreaterThan(0);
});

test('client navigation from a post to the blog, to its next page and to an author brings each list’s previews from its file, unhydrated', async ({
  page,
  blog,
}) => {
  const post = blog.posts[0];
  if (!post) throw new Error('the blog has no posts');
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await openHydrated(page, post.permalink);
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));

  /** Follows `link` on the client and checks the list it leads to. */
  const follow = async (link: ReturnType<Page['locator']>) => {
    const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
    const previews = (await listFile(page, target))?.previews ?? {};
    expect(Object.keys(previews).length, `${target}: previews in its file`).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    // The address changes at once; the list, once its code and previews have loaded.
    const shown = () =>
      page
        .locator(PREVIEW)
        .evaluateAll((all) => all.map((el) => el.getAttribute('data-preview') ?? ''));
    await expect.poll(shown).toEqual(expect.arrayContaining(Object.keys(previews)));
    await waitForHydration(page);
    expect(await page.evaluate(() => '__sameDocument' in window), target).toBe(true);
    expect(fetched, target).toContain(`/__articles${target}.json`);
    expect(await showsFile(page, previews), target).toEqual([]);
    expect(await fibresInPreviews(page, Object.keys(previews)), target).toBe(0);
  };

  await follow(page.locator('nav.navbar a.navbar__link[href="/blog"]'));
  if (listPages('/blog', blog.posts.length).length > 1) {
    await follow(page.locator('nav.pagination-nav a.pagination-nav__link--next'));
  }
  await follow(page.locator('main article header a[href^="/blog/authors/"]').first());
});

test('a link inside a preview preloads its page on hover and opens it on the client', async ({
  page,
}) => {
  // The first list page with a preview that links to a post.
  const link = page.locator(`${PREVIEW} a[href^="/blog/20"]:not([href*="#"])`).first();
  let found = '';
  for (const path of await listPagePaths(page)) {
    await openHydrated(page, path);
    if ((await link.count()) > 0) {
      found = path;
      break;
    }
  }
  test.skip(!found, 'no preview links to a post');
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
  const manifest = (await (await page.request.get(`/__routes${target}.json`)).json()) as {
    files: string[];
  };
  const files = new Set(manifest.files.map((file) => `/${file}`));
  const preloaded = page.waitForRequest(
    (r) => r.resourceType() === 'script' && files.has(new URL(r.url()).pathname),
  );
  await link.hover();
  await preloaded;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator('#__blog-post-container')).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${found}$`));
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});

test('a render from scratch (hydration failed elsewhere on the page) draws the same previews', async ({
  page,
}) => {
  await markPreviewsBeforeTheBundle(page);
  // Text React did not render: hydration fails, and React renders the root anew.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const title = document.querySelector('.navbar__title');
      if (title) title.textContent += '（改）';
    });
  });
  const previews = (await listFile(page, '/blog'))?.previews ?? {};
  await openHydrated(page, '/blog');
  const states = await previewStates(page);
  const shells = states.filter((state) => previews[state.post] !== undefined);
  expect(shells.length).toBeGreaterThan(0);
  for (const state of shells) {
    expect(state.sameElement, `${state.post}: the element was made again`).toBe(false);
    expect(state.withFibre).toBe(0);
  }
  expect(await showsFile(page, previews)).toEqual([]);
});

test('a list’s article file written by another build reloads the page into the new one', async ({
  page,
  blog,
}) => {
  await openHydrated(page, blog.posts[0]?.permalink ?? '/');
  await page.route('**/__articles/blog.json', (route) =>
    route.fulfill({json: {build: 'another-build', previews: {}}}),
  );
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  const warning = page.waitForEvent(
    'console',
    (message) => message.type() === 'warning' && /another build/.test(message.text()),
  );
  await page.locator('nav.navbar a.navbar__link[href="/blog"]').click();
  await warning;
  await page.waitForURL(/\/blog$/, {waitUntil: 'load'});
  await waitForHydration(page);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
  await expect(page.locator(PREVIEW).first()).toBeVisible();
});
