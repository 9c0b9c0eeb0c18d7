// Issue 19: work a phone pays for while a page hydrates. Counted, not timed.
import {expect, test} from '@playwright/test';
import {openHydrated} from './helpers';

const INTL = ['DateTimeFormat', 'PluralRules', 'NumberFormat', 'RelativeTimeFormat'] as const;

for (const path of ['/blog/2025/09/15/publish-server', '/', '/blog', '/blog/archive']) {
  test(`${path} creates no Intl formatter while it loads (dates and reading time are plain text)`, async ({
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
    }, INTL);
    await openHydrated(page, path);
    // Dates as the theme writes them, made without Intl.
    await expect(page.getByText(/(^|\D)\d{1,2}月\d{1,2}日/).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as {__intlMade: string[]}).__intlMade),
    ).toEqual([]);
  });
}
