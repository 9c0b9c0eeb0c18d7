/**
 * With JavaScript disabled every page still shows its content, the navigation
 * links and the footer: all of it is rendered on the server.
 */
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';

test.use({javaScriptEnabled: false});

const PATHS = [...readFileSync('build/sitemap.xml', 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1] ?? '').pathname,
);

test('every sitemap page is readable without JavaScript', async ({page}) => {
  test.setTimeout(60_000 + PATHS.length * 3_000);
  expect(PATHS.length).toBeGreaterThanOrEqual(40);
  for (const path of PATHS) {
    await page.goto(path);
    const main = page.locator('main, [role="main"]').first();
    if (path === '/search') {
      // The search page needs the browser's search code; without it the page still has its chrome.
      await expect(page.locator('h1'), path).toBeVisible();
    } else {
      await expect(main, path).toBeVisible();
      await expect(page.locator('h1').first(), path).not.toBeEmpty();
      expect((await main.innerText()).length, path).toBeGreaterThan(20);
    }
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('link', {name: 'Blog', exact: true}), path).toBeVisible();
    await expect(navbar.getByRole('link', {name: /GitHub/}).first(), path).toBeAttached();
    await expect(page.locator('footer.footer'), path).toContainText('Copyright © 2025');
  }
});
