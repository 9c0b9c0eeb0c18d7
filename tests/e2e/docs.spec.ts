/**
 * The tutorial (spec §2 docs routes): Chinese pages, generated category
 * indexes, sidebar, breadcrumbs, heading anchors, TOC depth, paginator order.
 */
import {expect, test} from '@playwright/test';
import {readTutorial, tutorialDocs} from '../tutorial';
import {openHydrated} from './helpers';

const HAN = /[\u4e00-\u9fff]/;
/** What docs/ holds, in sidebar order (tests/tutorial.ts). */
const TUTORIAL = readTutorial();
const DOCS_ROUTES = TUTORIAL.routes;
const DOC_PAGES = tutorialDocs(TUTORIAL).map((doc) => doc.route);

// Page walks grow with the tutorial: time per page, not a fixed total.
test('every docs route renders a Chinese h1', async ({page}) => {
  test.setTimeout(60_000 + DOCS_ROUTES.length * 3_000);
  for (const path of DOCS_ROUTES) {
    expect(await openHydrated(page, path), path).toBe(200);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page.locator('h1'), path).toHaveText(HAN);
  }
});

test('each category page lists its docs as cards, with a Chinese description', async ({page}) => {
  test.setTimeout(60_000 + TUTORIAL.categories.length * 3_000);
  for (const [path, count] of TUTORIAL.categories.map((c) => [c.route, c.docs.length] as const)) {
    await openHydrated(page, path);
    await expect(page.locator('main article a.card'), path).toHaveCount(count);
    await expect(page.locator('main header p').first(), path).toHaveText(HAN);
  }
});

test('the sidebar marks the current page', async ({page}) => {
  test.setTimeout(60_000 + DOC_PAGES.length * 3_000);
  for (const path of DOC_PAGES) {
    await openHydrated(page, path);
    const current = page.locator('nav[aria-label="文档侧边栏"] a[aria-current="page"]');
    await expect(current, path).toHaveCount(1);
    await expect(current, path).toHaveAttribute('href', path);
  }
});

test('breadcrumbs on a basics page link its category', async ({page}) => {
  await openHydrated(page, '/docs/tutorial-basics/create-a-page');
  const breadcrumbs = page.getByRole('navigation', {name: '页面路径'});
  const category = breadcrumbs.locator('a[href="/docs/category/tutorial---basics"]');
  await expect(category).toBeVisible();
  await expect(category).toHaveText(HAN);
});

test('every h2 has an anchor link titled "{heading}的直接链接"', async ({page}) => {
  // One page after another: on a busy machine this takes longer than one page's 30 s.
  test.setTimeout(120_000);
  for (const path of DOC_PAGES) {
    await openHydrated(page, path);
    const headings = page.locator('article h2');
    const count = await headings.count();
    expect(count, path).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const heading = headings.nth(i);
      const id = await heading.getAttribute('id');
      expect(id, path).toBeTruthy();
      // The theme names the link after the heading text, or after the id when
      // the heading holds markup (inline code, say).
      const text = await heading.evaluate((h) => {
        const nodes = Array.from(h.childNodes).filter(
          (n) => !(n instanceof HTMLElement && n.classList.contains('hash-link')),
        );
        return nodes.every((n) => n.nodeType === Node.TEXT_NODE)
          ? nodes.map((n) => n.textContent).join('')
          : h.id;
      });
      const anchor = heading.locator('a.hash-link');
      await expect(anchor, `${path} ${text}`).toHaveAttribute('href', `#${id}`);
      await expect(anchor, `${path} ${text}`).toHaveAttribute('title', `${text}的直接链接`);
    }
  }
});

test('the table of contents of markdown-features holds h2 and h3 only', async ({page}) => {
  await openHydrated(page, '/docs/tutorial-basics/markdown-features');
  const article = page.locator('article');
  await expect(article.locator('h4').first()).toBeAttached();
  const targets = await page
    .locator('.theme-doc-toc-desktop a.table-of-contents__link')
    .evaluateAll((links) =>
      links.map((link) => {
        const id = decodeURIComponent(new URL((link as HTMLAnchorElement).href).hash.slice(1));
        return document.getElementById(id)?.tagName ?? 'missing';
      }),
    );
  expect(targets.length).toBeGreaterThan(3);
  expect(targets).toContain('H3');
  expect(new Set(targets)).toEqual(new Set(['H2', 'H3']));
});

test('the paginator runs from the first doc to the last in sidebar order', async ({page}) => {
  const first = DOCS_ROUTES[0] ?? '';
  const visited = [first];
  await openHydrated(page, first);
  await expect(page.locator('a.pagination-nav__link--prev')).toHaveCount(0);
  for (;;) {
    const next = page.locator('a.pagination-nav__link--next');
    if ((await next.count()) === 0) break;
    const from = visited.at(-1) ?? '';
    await next.click();
    await expect(page).not.toHaveURL(new RegExp(`${from}$`));
    // The address changes at once; the next page shows once it has loaded, its
    // "previous" link pointing back.
    await expect(page.locator('a.pagination-nav__link--prev')).toHaveAttribute('href', from);
    visited.push(new URL(page.url()).pathname);
    if (visited.length > DOCS_ROUTES.length) break;
  }
  expect(visited).toEqual(DOCS_ROUTES);
});
