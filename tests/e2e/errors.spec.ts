// Spec §8, the error catalogue: what a reader sees when something goes wrong.
import {expect, test} from '@playwright/test';
import {collectConsoleProblems, openHydrated} from './helpers';
import {postBySlug, postPath} from '../site-spec';

// Any post will do; its header writes the date while rendering.
const aPost = postPath(postBySlug('iscsi-basics'));

test('a render crash shows the crash page with Try again and the error cause chain', async ({
  page,
}) => {
  // The post header writes its date while rendering (src/components/PostDate,
  // from the date's UTC parts): make that throw.
  await page.addInitScript(() => {
    const w = window as unknown as {__crash: boolean};
    w.__crash = true;
    const original = Date.prototype.getUTCFullYear;
    Date.prototype.getUTCFullYear = function getUTCFullYear(this: Date) {
      if (w.__crash) throw new Error('boom', {cause: new Error('root cause')});
      return original.call(this);
    };
  });
  await page.goto(aPost);
  await expect(page.locator('main h1')).toHaveText('页面已崩溃。');
  await expect(page.locator('main p').first()).toHaveText('boom\n\nCause:\nroot cause');
  // The chrome survives the crash.
  await expect(page.locator('nav.navbar')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as {__crash: boolean}).__crash = false;
  });
  await page.locator('main').getByRole('button', {name: '重试'}).click();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('article time').first()).toBeVisible();
});

test('the home page shows the base-URL banner when its scripts and styles cannot load', async ({
  page,
}) => {
  await page.route(/\/assets\/(js|css)\//, (route) => route.abort());
  await page.goto('/');
  const banner = page.locator('#__docusaurus-base-url-issue-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your Docusaurus site did not load properly.');
  // Its inline styles are allowed by the CSP (by hash): the thick red border shows.
  await expect(banner).toHaveCSS('border-top-color', 'rgb(255, 0, 0)');
  await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText(
    '/',
  );
  await page.goto('/blog');
  await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
});

test('a browser storage that throws is logged and does not break the page', async ({page}) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new Error('quota exceeded');
    };
  });
  const problems = collectConsoleProblems(page);
  await openHydrated(page, '/');
  await page.locator('button[class*="toggleButton"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(problems.some((p) => p.includes("Docusaurus storage error, can't set theme=dark"))).toBe(
    true,
  );
  expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
});

test('a browser with no storage at all still renders and switches colour mode', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new Error('storage denied');
      },
    });
  });
  const problems = collectConsoleProblems(page);
  await openHydrated(page, '/');
  await expect(page.locator('header.hero h1')).toBeVisible();
  await page.locator('button[class*="toggleButton"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(problems.some((p) => p.includes('Docusaurus browser storage is not available'))).toBe(
    true,
  );
});

test('an undecodable path gets a client error status, never a server error', async ({page}) => {
  const response = await page.goto('/%E0%A4%A');
  const status = response?.status() ?? 0;
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
});

test('client-side navigation to an undecodable path throws a URIError', async ({page}) => {
  await openHydrated(page, '/');
  const error = page.waitForEvent('pageerror');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/%E0%A4%A');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect((await error).message).toMatch(/could not be decoded/);
});
