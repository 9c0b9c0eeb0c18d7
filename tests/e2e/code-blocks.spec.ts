// Code blocks: highlighted at build time (src/plugins/code-highlight), with
// the site's token colours in both modes, a working copy button, and tabs
// that still switch after client-side navigation.
import {expect, test, type Locator, type Page} from '@playwright/test';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism';
import {clickCopy, openHydrated, waitForHydration} from './helpers';

const DOC = '/docs/tutorial-basics/markdown-features';
const POST = '/blog/2025/09/15/publish-server';

/** The colour a theme gives a token type, as the browser reports it. */
function rgb(theme: PrismTheme, type: string): string {
  // Later entries win, as in prism-react-renderer.
  const style = [...theme.styles]
    .reverse()
    .find(({types, languages}) => types.includes(type) && !languages);
  const hex = String(style?.style.color ?? theme.plain.color);
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The first TypeScript block of the doc, which starts with `import type`. */
function tsBlock(page: Page): Locator {
  return page.locator('.theme-code-block.language-ts').filter({hasText: 'import type'});
}

/** The block background a theme sets, as the browser reports it. */
function background(theme: PrismTheme): string {
  const n = parseInt(String(theme.plain.backgroundColor).slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function expectColours(block: Locator, theme: PrismTheme): Promise<void> {
  const keyword = block.locator('.token.keyword', {hasText: /^import$/}).first();
  const string = block.locator('.token.string', {hasText: "'@docusaurus/types'"}).first();
  await expect(keyword).toHaveCSS('color', rgb(theme, 'keyword'));
  await expect(string).toHaveCSS('color', rgb(theme, 'string'));
  await expect(block.locator('pre')).toHaveCSS('background-color', background(theme));
}

test('code blocks carry coloured tokens in the server HTML, light and dark', async ({page}) => {
  await openHydrated(page, DOC);
  const block = tsBlock(page);
  await expect(block.locator('.token-line')).toHaveCount(10);
  await expectColours(block, lightCodeTheme);
  // Lines 2–3 and 7 (the `import type` lines) are highlighted, with line numbers.
  await expect(block.locator('.theme-code-block-highlighted-line')).toHaveCount(3);

  await page.getByRole('button', {name: /切换浅色\/暗黑模式/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectColours(block, darkCodeTheme);

  // A fresh load in dark mode paints the dark colours too.
  await openHydrated(page, `${DOC}?docusaurus-theme=dark`);
  await expectColours(tsBlock(page), darkCodeTheme);
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('code blocks are highlighted and titled', async ({page}) => {
    await page.goto(DOC);
    const block = tsBlock(page);
    await expect(block).toContainText('docusaurus.config.ts（节选）');
    await expectColours(block, lightCodeTheme);
    // A post's bash blocks are tokenised too.
    await page.goto(POST);
    const bash = page.locator('.theme-code-block.language-bash').first();
    await expect(bash.locator('.token.function').first()).toHaveCSS(
      'color',
      rgb(lightCodeTheme, 'function'),
    );
  });
});

test('the copy button copies the exact code, without magic comments', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHydrated(page, DOC);
  const block = page.locator('.theme-code-block').filter({hasText: "onBrokenAnchors: 'throw'"});
  await block.hover();
  await clickCopy(block);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "const config = {\n  onBrokenLinks: 'throw',\n  onBrokenAnchors: 'throw',\n};",
  );
});

test('tabs switch after client-side navigation into the page', async ({page}) => {
  await openHydrated(page, '/docs/category/tutorial---basics');
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  await page
    .getByRole('main')
    .getByRole('link', {name: /Markdown 功能/})
    .click();
  await expect(page).toHaveURL(DOC);
  await waitForHydration(page);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);

  const npx = page.getByRole('tab', {name: 'npx'});
  await npx.click();
  await expect(npx).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({hasText: 'npx docusaurus build'})).toBeVisible();
  await expect(page.getByText('npm run build', {exact: true})).toBeHidden();

  await page.getByRole('tab', {name: 'npm'}).click();
  const npm = page.getByRole('tabpanel').filter({hasText: 'npm run build'});
  await expect(npm).toBeVisible();
  await expect(npm.locator('.token.function', {hasText: 'npm'})).toHaveCSS(
    'color',
    rgb(lightCodeTheme, 'function'),
  );
  await expect(page.getByText('npx docusaurus build', {exact: true})).toBeHidden();
});

test('the word-wrap button shows only on blocks wider than the page, and wraps them', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  await openHydrated(page, POST);
  const blocks = page.locator('article .theme-code-block');
  const wrapButton = (block: Locator) => block.getByRole('button', {name: '切换自动换行'});
  // Which blocks scroll sideways at this width, as the reader sees them.
  const scrolls = await blocks.evaluateAll((elements) =>
    elements.map((el) => {
      const pre = el.querySelector('pre');
      return pre ? pre.scrollWidth > pre.clientWidth : false;
    }),
  );
  const wide = scrolls.indexOf(true);
  const narrow = scrolls.indexOf(false);
  expect(wide, 'a block wider than 390 px').toBeGreaterThanOrEqual(0);
  expect(narrow, 'a block that fits in 390 px').toBeGreaterThanOrEqual(0);
  const wideBlock = blocks.nth(wide);
  await wideBlock.hover();
  await expect(wrapButton(wideBlock)).toBeVisible();
  await expect(wrapButton(blocks.nth(narrow))).toBeHidden();

  await wrapButton(wideBlock).click();
  const pre = wideBlock.locator('pre');
  await expect.poll(() => pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  // Still there, to unwrap.
  await expect(wrapButton(wideBlock)).toBeVisible();
  await wrapButton(wideBlock).click();
  await expect.poll(() => pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  // In a wider window each block has the button exactly when it scrolls.
  await page.setViewportSize({width: 1600, height: 900});
  const buttonMatchesScrolling = () =>
    blocks.evaluateAll((elements) =>
      elements.every((el) => {
        const pre = el.querySelector('pre');
        const button = el.querySelector('button[aria-label="切换自动换行"]');
        if (!pre) return false;
        const shown = button !== null && getComputedStyle(button).display !== 'none';
        return shown === pre.scrollWidth > pre.clientWidth;
      }),
    );
  await expect.poll(buttonMatchesScrolling).toBe(true);
});
