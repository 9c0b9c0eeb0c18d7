// Spec §4, colour mode: light by default, saved under `theme`, synced across tabs.
import {expect, test, type Locator} from '@playwright/test';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism';
import {openHydrated} from './helpers';

const toggleSelector = 'button[class*="toggleButton"]';

/**
 * What the toggle tells a reader about the mode in force: its accessible name
 * says it in full, and its tooltip names it. The tooltip is the full name up
 * to 3.7 and the mode's name alone from 3.8 (whose toggle also dropped
 * `aria-pressed`), so either is accepted.
 */
async function expectToggleSays(toggle: Locator, mode: '浅色模式' | '暗黑模式'): Promise<void> {
  const name = `切换浅色/暗黑模式（当前为${mode}）`;
  await expect(toggle).toHaveAccessibleName(name);
  await expect(toggle).toHaveAttribute('title', new RegExp(`^(${name}|${mode})$`));
}

test('a first visit is light even when the system prefers dark', async ({browser}) => {
  const context = await browser.newContext({colorScheme: 'dark'});
  const page = await context.newPage();
  await openHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectToggleSays(page.locator(toggleSelector), '浅色模式');
  await context.close();
});

test('the toggle switches to dark, saves it under "theme", and a reload keeps it', async ({
  page,
}) => {
  await openHydrated(page, '/');
  const toggle = page.locator(toggleSelector);
  await expectToggleSays(toggle, '浅色模式');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectToggleSays(toggle, '暗黑模式');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a stored mode applies before the page hydrates', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/', {waitUntil: 'domcontentloaded'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a change in one tab reaches the other tabs', async ({context}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await openHydrated(first, '/');
  await openHydrated(second, '/blog');
  await first.locator(toggleSelector).click();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('system preference changes while printing are ignored', async ({page}) => {
  await openHydrated(page, '/');
  await page.locator(toggleSelector).click();
  await page.emulateMedia({media: 'print', colorScheme: 'dark'});
  await page.emulateMedia({media: 'print', colorScheme: 'light'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('code blocks use the light and the dark code theme', async ({page}) => {
  await openHydrated(page, '/docs/tutorial-basics/markdown-features');
  const block = page.locator('.theme-code-block').first();
  const background = (hex = '') => {
    const n = parseInt(hex.slice(1), 16);
    return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
  };
  await expect(block).toHaveCSS(
    'background-color',
    background(lightCodeTheme.plain.backgroundColor),
  );
  await page.locator(toggleSelector).click();
  await expect(block).toHaveCSS(
    'background-color',
    background(darkCodeTheme.plain.backgroundColor),
  );
});
