// Spec §2 chrome and §4 states of the mobile menu and announcement bar.
import {expect, test} from '@playwright/test';
import {contrastRatio, openHydrated, paintedLuminance} from './helpers';
import {COPYRIGHT_YEAR, DESKTOP_BREAKPOINT, SITE_TITLE} from '../site-spec';

const GITHUB = 'https://github.com/linshen-dev/linshen-dev.github.io';

test('the navbar has title, logo, Blog on the left, GitHub and the colour toggle on the right', async ({
  page,
}) => {
  await openHydrated(page, '/docs/intro');
  const navbar = page.locator('nav.navbar[aria-label="主导航"]');
  await expect(navbar.locator('a.navbar__brand[href="/"] .navbar__title')).toHaveText(SITE_TITLE);
  await expect(navbar.locator('a.navbar__brand img[src="/img/logo.svg"]')).toBeVisible();
  const left = navbar.locator('.navbar__items:not(.navbar__items--right)');
  await expect(left.locator('a.navbar__link[href="/blog"]')).toHaveText('Blog');
  const right = navbar.locator('.navbar__items--right');
  await expect(right.locator(`a[href="${GITHUB}"]`)).toContainText('GitHub');
  await expect(right.locator('button[class*="toggleButton"]')).toBeVisible();
});

test('the navbar stays fixed at the top while the page scrolls', async ({page}) => {
  await openHydrated(page, '/docs/tutorial-basics/markdown-features');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const box = await page.locator('nav.navbar').boundingBox();
  expect(box?.y).toBe(0);
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbarHidden/);
});

test('at 996 px the menu collapses into a toggle; at 997 px the desktop navbar shows', async ({
  page,
}) => {
  await page.setViewportSize({width: DESKTOP_BREAKPOINT, height: 800});
  await openHydrated(page, '/');
  const toggle = page.locator('button.navbar__toggle[aria-label="切换导航栏"]');
  await expect(toggle).toBeVisible();
  await expect(page.locator('.navbar__items a.navbar__link[href="/blog"]')).toBeHidden();
  await toggle.click();
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  await expect(page.locator('.navbar-sidebar .menu__list a[href="/blog"]')).toBeVisible();
  await page.locator('button.navbar-sidebar__close[aria-label="关闭导航栏"]').click();
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);

  await page.setViewportSize({width: DESKTOP_BREAKPOINT + 1, height: 800});
  await expect(toggle).toBeHidden();
  await expect(page.locator('.navbar__items a.navbar__link[href="/blog"]')).toBeVisible();
});

test('the mobile menu closes on back navigation instead of leaving the page', async ({page}) => {
  await page.setViewportSize({width: 800, height: 800});
  await openHydrated(page, '/');
  await page.locator('main a[href="/docs/intro"]').first().click();
  await expect(page.locator('html')).toHaveClass(/docs-doc-id-intro/);
  await page.locator('button.navbar__toggle').click();
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  await page.evaluate(() => window.history.back());
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  await expect(page).toHaveURL(/\/docs\/intro$/);
});

test('the mobile menu closes when the window grows to desktop width', async ({page}) => {
  await page.setViewportSize({width: 800, height: 800});
  await openHydrated(page, '/');
  await page.locator('button.navbar__toggle').click();
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  await page.setViewportSize({width: DESKTOP_BREAKPOINT + 1, height: 800});
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
});

test('the first Tab stop is the skip link, and it moves focus into the main content', async ({
  page,
}) => {
  await openHydrated(page, '/docs/intro');
  await page.keyboard.press('Tab');
  const skip = page.locator('a[href="#__docusaurus_skipToContent_fallback"]');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('跳到主要内容');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('the announcement bar can be dismissed, and the dismissal is remembered', async ({page}) => {
  await openHydrated(page, '/');
  const bar = page.locator('div[role="region"][aria-label="公告"]');
  await expect(bar).toBeVisible();
  const storage = () =>
    page.evaluate(() => ({
      id: localStorage.getItem('docusaurus.announcement.id'),
      dismiss: localStorage.getItem('docusaurus.announcement.dismiss'),
    }));
  expect(await storage()).toEqual({id: 'registry-series-2025-09', dismiss: 'false'});
  await bar.getByRole('button', {name: '关闭'}).click();
  await expect(bar).toHaveCount(0);
  expect((await storage()).dismiss).toBe('true');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute(
    'data-announcement-bar-initially-dismissed',
    'true',
  );
  // Hidden by the stylesheet until hydration, then not rendered: whenever this runs.
  await expect(bar).toBeHidden();
});

for (const mode of ['light', 'dark'] as const) {
  test(`in ${mode} mode the announcement bar takes the page's colours, its text and link at 4.5:1 or more`, async ({
    page,
  }) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const bar = page.locator('div[role="region"][aria-label="公告"]');
    const text = await paintedLuminance(bar.locator('div[class*="announcementBarContent"]'));
    const link = await paintedLuminance(bar.getByRole('link'));
    const body = await paintedLuminance(page.locator('main'));
    // The bar sits on the page like the rest of the chrome: no light strip on a dark page.
    expect(contrastRatio(text.background, body.background)).toBeLessThan(1.5);
    expect(contrastRatio(text.text, text.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(link.text, link.background)).toBeGreaterThanOrEqual(4.5);
  });
}

test('a new announcement id brings the bar back after it was dismissed', async ({page}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    }
  });
  await openHydrated(page, '/');
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe(
    'false',
  );
  await page.reload();
  await expect(page.locator('div[role="region"][aria-label="公告"]')).toBeVisible();
});

test('the footer is dark, with one More column and the 2025 copyright', async ({page}) => {
  await openHydrated(page, '/');
  const footer = page.locator('footer.footer');
  await expect(footer).toHaveClass(/footer--dark/);
  await expect(footer.locator('.footer__col')).toHaveCount(1);
  await expect(footer.locator('.footer__title')).toHaveText('More');
  await expect(footer.locator('a.footer__link-item[href="/blog"]')).toHaveText('Blog');
  await expect(footer.locator(`a.footer__link-item[href="${GITHUB}"]`)).toContainText('GitHub');
  await expect(footer.locator('.footer__copyright')).toContainText(`Copyright © ${COPYRIGHT_YEAR}`);
});

test('external links open a new tab without opener or referrer; internal links do not', async ({
  page,
  context,
}) => {
  await openHydrated(page, '/');
  const external = page.locator('a[href^="http"]');
  const count = await external.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    await expect(external.nth(i)).toHaveAttribute('target', '_blank');
    await expect(external.nth(i)).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(page.locator('.navbar__items--right a[href^="https://"] svg')).toBeAttached();
  await expect(page.locator('a.navbar__link[href="/blog"]')).not.toHaveAttribute('target', /.*/);

  await context.route('https://github.com/**', (route) =>
    route.fulfill({contentType: 'text/html', body: '<title>GitHub</title>'}),
  );
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.locator(`.navbar__items--right a[href="${GITHUB}"]`).click(),
  ]);
  await tab.waitForLoadState();
  expect(await tab.evaluate(() => ({opener: window.opener, referrer: document.referrer}))).toEqual({
    opener: null,
    referrer: '',
  });
});
