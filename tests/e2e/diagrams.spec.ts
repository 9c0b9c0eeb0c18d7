// Issues 18 and 35: diagrams drawn at build time, whole and legible where
// they are read (a phone at 390 px, the desktop column at 1280 px), and a
// full-size view for every diagram and image. What is walked comes from
// blog/ and docs/ (the site under test's, so the `grown` project walks the
// posts it added): a new post with a diagram needs no test edit.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Locator, Page} from '@playwright/test';
import {breaksInsideWords} from '../../src/lib/linebreak';
import type {Blog} from '../blog';
import {readTutorial} from '../tutorial';
import {expect, test} from './fixtures';
import {collectConsoleProblems, contrastRatio, openHydrated, paintedLuminance} from './helpers';

const toggleSelector = 'button[class*="toggleButton"]';
/** Smallest text on screen: in the page, and in the full-size view. */
const MIN_TEXT = 10;
const MIN_VIEW_TEXT = 13;
/** What the view may add to a page, JavaScript and CSS, gzip. */
const VIEW_BUDGET = 2048;

type Figured = {path: string; titles: string[]};

/** Posts with diagrams, and their captions, from the Markdown. */
function postsWithDiagrams(blog: Blog): Figured[] {
  return blog.posts
    .map((post) => ({
      path: post.permalink,
      titles: post.markdown.codeBlocks
        .filter((block) => block.language === 'mermaid')
        .map((block) => /title="([^"]+)"/.exec(block.info)?.[1] ?? ''),
    }))
    .filter((post) => post.titles.length > 0);
}

const IMAGE = /!\[[^\]]*\]\([^)]+\)/g;

/** Posts and docs with Markdown images, and how many. */
function pagesWithImages(blog: Blog): Array<{path: string; count: number}> {
  const tutorial = readTutorial(join(blog.siteDir, 'docs'));
  const docs = [...tutorial.docs, ...tutorial.categories.flatMap((c) => c.docs)];
  return [
    ...blog.posts.map((post) => ({path: post.permalink, markdown: post.markdown})),
    ...docs.map((doc) => ({path: doc.route, markdown: doc.markdown})),
  ]
    .map(({path, markdown}) => ({
      path,
      // Not the ones in inline code, which show how to write an image.
      count: [...markdown.prose.replace(/`[^`\n]*`/g, '').matchAll(IMAGE)].length,
    }))
    .filter((page) => page.count > 0);
}

type Shown = {
  layouts: number;
  layout: string;
  natural: number;
  width: number;
  minText: number;
  /** How far the drawing reaches past its column, or its box scrolls: 0 when whole. */
  overflow: number;
  sameText: boolean;
};

/** What a figure shows at this width: the drawing on screen, its size and smallest text. */
function shown(figure: Locator): Promise<Shown> {
  return figure.evaluate((el) => {
    const column = el.getBoundingClientRect();
    const drawing = el.querySelector('.diagram__drawing') as HTMLElement;
    const svgs = Array.from(el.querySelectorAll<SVGSVGElement>('.diagram__drawing > svg'));
    const visible = svgs.filter((svg) => getComputedStyle(svg).display !== 'none');
    const svg = visible[0] ?? svgs[0];
    if (!svg) throw new Error('no drawing');
    const box = svg.getBoundingClientRect();
    const natural = Number(svg.getAttribute('width'));
    const scale = box.width / natural;
    const sizes = Array.from(
      svg.querySelectorAll('text'),
      (text) => parseFloat(getComputedStyle(text).fontSize) * scale,
    );
    const words = (s: SVGSVGElement) =>
      Array.from(s.querySelectorAll('text'), (t) => (t.textContent ?? '').replace(/\s+/g, ''))
        .sort()
        .join('|');
    return {
      layouts: visible.length,
      layout: svg.classList.contains('diagram__narrow') ? 'narrow' : 'wide',
      natural,
      width: box.width,
      minText: Math.min(...sizes),
      overflow: Math.max(
        0,
        column.left - box.left,
        box.right - column.right,
        drawing.scrollWidth - drawing.clientWidth,
      ),
      sameText: svgs.every((other) => words(other) === words(svg)),
    };
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px every diagram of every post shows whole, one layout, text ${MIN_TEXT} px or more`, async ({
    page,
    blog,
  }) => {
    const posts = postsWithDiagrams(blog);
    expect(posts.length, 'posts with diagrams').toBeGreaterThan(0);
    test.setTimeout(20_000 * posts.length);
    await page.setViewportSize({width, height: 900});
    const table: string[] = [];
    for (const post of posts) {
      await openHydrated(page, post.path);
      const figures = page.locator('figure.diagram');
      await expect(figures, post.path).toHaveCount(post.titles.length);
      for (const [index, title] of post.titles.entries()) {
        const figure = figures.nth(index);
        const where = `${post.path} #${index + 1} (${title})`;
        await expect(figure.locator('figcaption'), where).toHaveText(title);
        // Named by its caption: one drawing for assistive technology, whichever layout shows.
        await expect(figure.getByRole('img', {name: title}), where).toHaveCount(1);
        await expect(figure.getByRole('img', {name: title}), where).toBeVisible();
        const s = await shown(figure);
        table.push(
          `${where}: ${s.layout}, natural ${s.natural} px, ${s.width.toFixed(0)} px on screen, text ${s.minText.toFixed(1)} px`,
        );
        expect(s.layouts, `${where}: one layout shows`).toBe(1);
        expect(s.overflow, `${where}: whole, without scrolling`).toBeLessThanOrEqual(0.5);
        expect(s.width, `${where}: never larger than drawn`).toBeLessThanOrEqual(s.natural + 0.5);
        expect(s.minText, `${where}: smallest text`).toBeGreaterThanOrEqual(MIN_TEXT - 0.01);
        expect(s.sameText, `${where}: both layouts carry the same labels`).toBe(true);
      }
    }
    test.info().annotations.push({type: 'diagrams', description: table.join('\n')});
  });
}

test('no line of any label in any diagram ends inside a Chinese word', async ({page, blog}) => {
  const posts = postsWithDiagrams(blog);
  test.setTimeout(10_000 * posts.length);
  const problems: string[] = [];
  let breaks = 0;
  for (const post of posts) {
    await page.goto(post.path);
    // Each figure's drawings (wide, narrow), each label as the lines the page shows.
    const figures = await page.locator('figure.diagram').evaluateAll((elements) =>
      elements.map((figure) =>
        Array.from(figure.querySelectorAll('.diagram__drawing > svg'), (svg) => ({
          layout: svg.classList.contains('diagram__narrow') ? 'narrow' : 'wide',
          labels: Array.from(svg.querySelectorAll('text'), (text) => {
            const spans = Array.from(text.querySelectorAll('tspan'), (s) => s.textContent ?? '');
            return spans.length > 0 ? spans : [text.textContent ?? ''];
          }),
        })),
      ),
    );
    expect(figures.length, post.path).toBe(post.titles.length);
    figures.forEach((drawings, index) => {
      for (const {layout, labels} of drawings) {
        for (const lines of labels) {
          breaks += lines.length - 1;
          for (const at of breaksInsideWords(lines)) {
            problems.push(
              `${post.path} #${index + 1} (${post.titles[index]}), ${layout} layout: "${lines[at]}" / "${lines[at + 1]}"`,
            );
          }
        }
      }
    });
  }
  expect(breaks, 'label lines broken in two or more').toBeGreaterThan(0);
  expect(problems, 'lines that end inside a word').toEqual([]);
});

/** The figure whose wide drawing is the widest, from the pages' HTML (no browser needed). */
async function widestFigure(page: Page, blog: Blog): Promise<{path: string; index: number}> {
  let best = {path: '', index: 0, width: 0};
  for (const post of postsWithDiagrams(blog)) {
    const html = await (await page.request.get(post.path)).text();
    const figures = html.split('<figure class="diagram').slice(1);
    figures.forEach((figure, index) => {
      const width = Number(/<svg\b[^>]*\swidth="?(\d+)/.exec(figure)?.[1] ?? 0);
      if (width > best.width) best = {path: post.path, index, width};
    });
  }
  return best;
}

/** Opens the full-size view of the page's `index`th diagram, by its link. */
async function openView(
  page: Page,
  index: number,
  how: 'click' | 'tap' = 'click',
): Promise<Locator> {
  const link = page
    .locator('figure.diagram')
    .nth(index)
    .getByRole('link', {name: /查看大图/});
  await (how === 'tap' ? link.tap() : link.click());
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the page of the widest diagram and its full-size view. */
async function openWidestView(
  page: Page,
  blog: Blog,
  how: 'click' | 'tap' = 'click',
): Promise<{dialog: Locator}> {
  const {path, index} = await widestFigure(page, blog);
  await openHydrated(page, path);
  return {dialog: await openView(page, index, how)};
}

/** The smallest text in the open view, on screen. */
/**
 * Closes the open view with Esc and waits until it is gone and the browser
 * has gone back from the view's history entry: a page opened before that
 * back has happened is aborted by it (net::ERR_ABORTED on a busy machine).
 */
async function closeWithEscape(page: Page, dialog: Locator, where?: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog, where).toHaveCount(0);
  await expect
    .poll(
      () =>
        page.evaluate(() => Boolean((history.state as {figureView?: boolean} | null)?.figureView)),
      {
        message: where,
      },
    )
    .toBe(false);
}

function viewText(page: Page): Promise<number> {
  return page.getByRole('dialog').evaluate((dialog) => {
    const svg = dialog.querySelector('svg') as SVGSVGElement;
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    return Math.min(
      ...Array.from(
        svg.querySelectorAll('text'),
        (text) => parseFloat(getComputedStyle(text).fontSize) * scale,
      ),
    );
  });
}

test.describe('the full-size view', () => {
  test.use({viewport: {width: 390, height: 844}});
  // Pages and the view's first load take a while on a loaded 2-core machine.
  test.beforeEach(() => test.setTimeout(90_000));

  test(`every diagram opens in a named dialog with text ${MIN_VIEW_TEXT} px or more; Esc closes it and focus returns`, async ({
    page,
    blog,
  }) => {
    const posts = postsWithDiagrams(blog);
    test.setTimeout(20_000 * posts.length);
    const problems = collectConsoleProblems(page);
    for (const post of posts) {
      await openHydrated(page, post.path);
      for (const [index, title] of post.titles.entries()) {
        const where = `${post.path} #${index + 1}`;
        const link = page
          .locator('figure.diagram')
          .nth(index)
          .getByRole('link', {name: /查看大图/});
        await expect(link, where).toHaveAccessibleName(`查看大图 ${title}`);
        await link.click();
        const dialog = page.getByRole('dialog', {name: title});
        await expect(dialog, where).toBeVisible();
        expect(await viewText(page), where).toBeGreaterThanOrEqual(MIN_VIEW_TEXT - 0.01);
        await closeWithEscape(page, dialog, where);
        await expect(link, where).toBeFocused();
      }
    }
    expect(problems).toEqual([]);
  });

  test('the close button and the back button close it, where the reader was', async ({
    page,
    blog,
  }) => {
    const {path, index} = await widestFigure(page, blog);
    await openHydrated(page, path);
    const figure = page.locator('figure.diagram').nth(index);
    const link = figure.getByRole('link', {name: /查看大图/});
    await link.scrollIntoViewIfNeeded();
    await figure.evaluate((el) => el.setAttribute('data-seen', 'before'));
    const scrollY = await page.evaluate(() => window.scrollY);
    const url = page.url();

    await link.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', {name: '关闭'}).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(link).toBeFocused();
    expect(page.url()).toBe(url);

    await link.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(link).toBeFocused();
    expect(page.url()).toBe(url);
    // The same page, not a reload or a route change, at the same place.
    await expect(figure).toHaveAttribute('data-seen', 'before');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    // And back again leaves the page as any back would.
    await page.goBack();
    await expect(page).not.toHaveURL(url);
  });

  test('focus stays inside the view', async ({page, blog}) => {
    const {dialog} = await openWidestView(page, blog);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('the buttons and keys zoom, a drag pans, and the text never gets smaller than at first', async ({
    page,
    blog,
  }) => {
    const {dialog} = await openWidestView(page, blog);
    const drawing = dialog.locator('svg');
    const width = () => drawing.evaluate((svg) => svg.getBoundingClientRect().width);
    const first = await width();
    await dialog.getByRole('button', {name: '放大'}).click();
    await expect.poll(width).toBeGreaterThan(first);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(width).toBe(first);
    expect(await viewText(page)).toBeGreaterThanOrEqual(MIN_VIEW_TEXT - 0.01);

    const pane = dialog.locator('.figure-view__pane');
    const box = await pane.boundingBox();
    if (!box) throw new Error('no pane');
    const scroll = () => pane.evaluate((el) => el.scrollLeft);
    const before = await scroll();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, {steps: 5});
    await page.mouse.up();
    await expect.poll(scroll).toBeGreaterThan(before);
  });

  test.describe('on a touch screen', () => {
    test.use({hasTouch: true, isMobile: true});

    test('two fingers spread zoom in, one finger pans', async ({page, blog}) => {
      const {dialog} = await openWidestView(page, blog, 'tap');
      const pane = dialog.locator('.figure-view__pane');
      const box = await pane.boundingBox();
      if (!box) throw new Error('no pane');
      const width = () =>
        dialog.locator('svg').evaluate((svg) => svg.getBoundingClientRect().width);
      const first = await width();
      const cdp = await page.context().newCDPSession(page);
      const touch = (
        type: 'touchStart' | 'touchMove' | 'touchEnd',
        points: Array<[number, number]>,
      ) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: points.map(([x, y], id) => ({x, y, id})),
        });
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await touch('touchStart', [
        [cx - 20, cy],
        [cx + 20, cy],
      ]);
      for (let step = 1; step <= 5; step += 1) {
        await touch('touchMove', [
          [cx - 20 - step * 20, cy],
          [cx + 20 + step * 20, cy],
        ]);
      }
      await touch('touchEnd', []);
      await expect.poll(width).toBeGreaterThan(first * 1.5);

      const scroll = () => pane.evaluate((el) => el.scrollTop);
      const before = await scroll();
      await touch('touchStart', [[cx, cy + 100]]);
      for (let step = 1; step <= 5; step += 1)
        await touch('touchMove', [[cx, cy + 100 - step * 30]]);
      await touch('touchEnd', []);
      await expect.poll(scroll).toBeGreaterThan(before);
    });
  });

  test(`loads only when asked, ${VIEW_BUDGET} B gzip at most, and follows the colour mode`, async ({
    page,
    blog,
  }) => {
    const {path, index} = await widestFigure(page, blog);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) fetched.push(request.url());
    });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await openHydrated(page, path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const before = fetched.length;
    const dialog = await openView(page, index);
    const added = fetched.slice(before);
    expect(added.length, 'the view is fetched on the first click').toBeGreaterThan(0);
    let bytes = 0;
    for (const url of added) bytes += gzipSync(await (await page.request.get(url)).body()).length;
    expect(bytes, `what the view fetched: ${added.join(', ')}`).toBeLessThanOrEqual(VIEW_BUDGET);

    const {text, background} = await paintedLuminance(dialog.locator('svg text').first(), 'fill');
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    expect(background, 'a dark background').toBeLessThan(0.1);
  });

  test('covers the page behind it, in light mode as in dark', async ({page, blog}) => {
    const {path, index} = await widestFigure(page, blog);
    for (const theme of ['light', 'dark'] as const) {
      await openHydrated(page, path);
      await page.evaluate((mode) => window.localStorage.setItem('theme', mode), theme);
      await openHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const dialog = await openView(page, index);
      // Opaque: the article's text does not show through the drawing.
      expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor), theme).toMatch(
        /^rgb\(/,
      );
      await closeWithEscape(page, dialog);
    }
  });

  test('opening the view breaks no CSP rule, even with inline styles forbidden', async ({
    page,
    blog,
  }) => {
    const {path, index} = await widestFigure(page, blog);
    // The page's CSP <meta>, less 'unsafe-inline' for styles (the policy the site moves to).
    await page.route(
      (url) => url.pathname === path,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/(style-src[^;"]*?)\s*'unsafe-inline'/, '$1');
        await route.fulfill({response, body});
      },
    );
    await page.addInitScript(() => {
      const w = window as unknown as {__csp: string[]};
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        w.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
      });
    });
    const violations = () => page.evaluate(() => (window as unknown as {__csp: string[]}).__csp);
    await openHydrated(page, path);
    expect(
      await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'),
    ).not.toContain('unsafe-inline');
    const before = await violations();
    const dialog = await openView(page, index);
    // Styled as it should be: the whole window, its drawing at a readable size.
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(390);
    expect(await viewText(page)).toBeGreaterThanOrEqual(MIN_VIEW_TEXT - 0.01);
    expect((await violations()).slice(before.length)).toEqual([]);
  });

  test('every image in posts and docs has a full-size link that opens it', async ({page, blog}) => {
    const pages = pagesWithImages(blog);
    test.setTimeout(20_000 * Math.max(1, pages.length));
    // A link to a file is no route: nothing may try to prefetch it (a 404 in the console).
    const problems = collectConsoleProblems(page);
    for (const {path, count} of pages) {
      await openHydrated(page, path);
      const links = page.locator('.markdown img + a.view-link');
      await expect(links, path).toHaveCount(count);
      for (let i = 0; i < count; i += 1) {
        const link = links.nth(i);
        const alt = (await page.locator('.markdown img').nth(i).getAttribute('alt')) ?? '';
        // The name is the link's text: 查看大图 and the image's alt text (a hidden span).
        const escaped = alt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await expect(link, path).toHaveAccessibleName(new RegExp(`^查看大图\\s?：${escaped}$`));
        expect((await page.request.get((await link.getAttribute('href')) ?? '')).status()).toBe(
          200,
        );
        await link.click();
        const dialog = page.getByRole('dialog', {name: alt});
        await expect(dialog, path).toBeVisible();
        await expect(dialog.getByRole('img', {name: alt}), path).toBeVisible();
        await closeWithEscape(page, dialog, path);
        await expect(link, path).toBeFocused();
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('a diagram is an SVG in the page, named by its caption, and its link opens the drawing on its own', async ({
    page,
    blog,
  }) => {
    const posts = postsWithDiagrams(blog);
    const post = posts[0];
    if (!post) throw new Error('no post with a diagram');
    test.setTimeout(10_000 * posts.length);
    await page.goto(post.path);
    const figure = page.locator('figure.diagram').first();
    const title = post.titles[0] ?? '';
    await expect(figure.locator('figcaption')).toHaveText(title);
    await expect(figure.getByRole('img', {name: title})).toBeVisible();
    // Every figure's link leads to a standalone file with no inline style.
    for (const {path} of posts) {
      await page.goto(path);
      for (const href of await page
        .locator('figure.diagram a.view-link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
        const response = await page.request.get(href);
        expect(response.status(), href).toBe(200);
        expect(response.headers()['content-type'], href).toContain('image/svg+xml');
        const svg = await response.text();
        expect(svg, href).not.toMatch(/<style|\sstyle=|var\(--/);
      }
    }
    await page.goto(post.path);
    // A new tab, as Docusaurus opens files linked from Markdown: the reader keeps their place.
    const [drawing] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .locator('figure.diagram')
        .first()
        .getByRole('link', {name: /查看大图/})
        .click(),
    ]);
    await expect(drawing).toHaveURL(/\/assets\/diagrams\/[0-9a-f]+\.svg$/);
    await expect(drawing.locator('svg title')).toHaveText(title);
  });
});

test('the colours follow the colour mode without redrawing, at 4.5:1 or more', async ({
  page,
  blog,
}) => {
  const post = postsWithDiagrams(blog)[0];
  if (!post) throw new Error('no post with a diagram');
  await openHydrated(page, post.path);
  const label = page.locator('figure.diagram svg:visible text').first();
  await label.evaluate((node) => node.setAttribute('data-seen', 'before-toggle'));
  const light = await label.evaluate((node) => getComputedStyle(node).fill);
  const contrast = async () => {
    const {text, background} = await paintedLuminance(label, 'fill');
    return contrastRatio(text, background);
  };
  expect(await contrast()).toBeGreaterThanOrEqual(4.5);
  await page.locator(toggleSelector).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The very same element, now in the dark palette.
  await expect(label).toHaveAttribute('data-seen', 'before-toggle');
  expect(await label.evaluate((node) => getComputedStyle(node).fill)).not.toBe(light);
  expect(await contrast()).toBeGreaterThanOrEqual(4.5);
});

test('no page’s JavaScript carries a diagram renderer or the word segmenter', () => {
  const dir = join('build', 'assets', 'js');
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  for (const name of files) {
    const js = readFileSync(join(dir, name), 'utf8');
    for (const marker of [
      'org.eclipse.elk',
      'renderMermaidSVG',
      'beautiful-mermaid',
      'sequenceDiagram',
      'jieba',
    ]) {
      expect(js.includes(marker), `${name} contains ${marker}`).toBe(false);
    }
  }
});
