// Issue 19: work a phone pays for while a page hydrates. Counted, not timed.
import {expect, test} from '@playwright/test';
import {openHydrated, waitForIdle} from './helpers';

const INTL = ['DateTimeFormat', 'PluralRules', 'NumberFormat', 'RelativeTimeFormat'] as const;

for (const path of ['/blog/2025/09/15/publish-server', '/', '/blog', '/blog/archive']) {
  test(`${path} creates no Intl formatter and calls no localeCompare while it hydrates`, async ({
    page,
  }) => {
    await page.addInitScript((names) => {
      const made: string[] = [];
      Object.assign(window, {__intlMade: made});
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
      for (const name of names) {
        const Original = intl[name];
        if (!Original) continue;
        intl[name] = new Proxy(Original, {
          construct(target, args) {
            made.push(name);
            return Reflect.construct(target, args) as object;
          },
        });
      }
      // The first localeCompare of a page builds a collator, as costly as an Intl formatter.
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (
        this: string,
        ...args: Parameters<typeof compare>
      ) {
        if (!document.documentElement.dataset.hasHydrated) made.push('localeCompare');
        return compare.apply(this, args);
      };
    }, INTL);
    await openHydrated(page, path);
    // Dates as the theme writes them, made without Intl.
    await expect(page.getByText(/(^|\D)\d{1,2}月\d{1,2}日/).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as {__intlMade: string[]}).__intlMade),
    ).toEqual([]);
  });
}

test('on a phone, hydrating a post adds or removes no element in the main wrapper, and the menu still lists the blog', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  // Elements added to or removed from the main wrapper after hydration: a
  // re-render of what the server already drew (the theme once swapped the
  // blog sidebar and mounted code-block buttons here).
  await page.addInitScript(() => {
    const changes: string[] = [];
    Object.assign(window, {__changesAfterHydration: changes});
    const observer = new MutationObserver((records) => {
      if (!document.documentElement.dataset.hasHydrated) return;
      for (const record of records) {
        for (const node of [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)]) {
          const el = node instanceof Element ? node : node.parentElement;
          if (el?.closest('.main-wrapper')) changes.push(el.outerHTML.slice(0, 80));
        }
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, {childList: true, subtree: true}),
    );
  });
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  await page.waitForLoadState('networkidle');
  await waitForIdle(page);
  expect(
    await page.evaluate(
      () => (window as unknown as {__changesAfterHydration: string[]}).__changesAfterHydration,
    ),
  ).toEqual([]);

  // The closed menu mounted in idle time: it opens on the blog's post list.
  await page.getByRole('button', {name: '切换导航栏'}).click();
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', {name: /MCP Registry/}).first()).toBeVisible();
  await expect(menu.getByText('← 回到主菜单')).toBeVisible();
});

for (const path of [
  '/blog/2025/09/15/publish-server',
  '/',
  '/docs/intro',
  '/blog/authors/linshen',
]) {
  test(`${path}: every script the page needs to hydrate is listed in its HTML, and loads beside the bundle`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await openHydrated(page, path);
    const listed = (
      (await page.locator('script[data-bundle]').getAttribute('data-bundle')) ?? ''
    ).split(' ');
    expect(listed.length).toBeGreaterThan(2);
    // Requested before hydration ended: the listed files, each once, and nothing the bundle had to ask for.
    expect([...requested].sort()).toEqual([...listed].sort());
  });
}
