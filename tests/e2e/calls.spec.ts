// Spec §7, the calls the site makes: only its own static files, by GET.
import {expect, test, type Page} from '@playwright/test';
import {collectOffsiteRequests, openHydrated, waitForIdle} from './helpers';
import {SPEC_ROUTES} from '../site-spec';

test('pages only make GET requests to the site itself', async ({page, baseURL}) => {
  const methods = new Set<string>();
  page.on('request', (request) => methods.add(request.method()));
  const offsite = collectOffsiteRequests(page, baseURL ?? '');
  for (const path of ['/', '/blog', '/docs/intro', '/blog/authors/linshen']) {
    await openHydrated(page, path);
    await page.mouse.wheel(0, 3000);
  }
  expect(offsite.map((r) => r.url())).toEqual([]);
  expect([...methods]).toEqual(['GET']);
});

test('the sitemap lists every route of the spec', async ({request}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('<urlset');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  for (const route of SPEC_ROUTES) expect(paths, route).toContain(route);
});

async function prefetchLinks(page: Page): Promise<number> {
  return page.locator('head link[rel="prefetch"]').count();
}

test('each route chunk is prefetched once, however many visible links need it, and not when the page has it', async ({
  page,
}) => {
  // The post page links to many posts that share their page component's chunks.
  await page.setViewportSize({width: 1280, height: 2000});
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  await expect.poll(() => prefetchLinks(page)).toBeGreaterThan(5);
  await page.waitForLoadState('networkidle');
  await waitForIdle(page);
  const hrefs = await page
    .locator('head link[rel="prefetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((href, i) => hrefs.indexOf(href) !== i)).toEqual([]);
  // The page links to itself and to its author, whose routes use its own chunks.
  const pathOf = (url: string) => new URL(url, page.url()).pathname;
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((elements) => elements.map((el) => (el as HTMLScriptElement).src));
  const own = new Set(scripts.map(pathOf));
  expect(own.size).toBeGreaterThan(0);
  expect(hrefs.filter((href) => own.has(pathOf(href ?? '')))).toEqual([]);
});

test('visible internal links prefetch their route code, and hover preloads it', async ({page}) => {
  await openHydrated(page, '/');
  await expect.poll(() => prefetchLinks(page)).toBeGreaterThan(0);
  await openHydrated(page, '/docs/intro');
  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/js/')) chunkRequests.push(r.url());
  });
  await page.locator('a.navbar__link[href="/blog"]').hover();
  await expect.poll(() => chunkRequests.length).toBeGreaterThan(0);
});

test('on a phone, the closed menu prefetches none of its links; opening it prefetches those it shows', async ({
  page,
}) => {
  // Route prefetches as Docusaurus's Link asks for them (window.docusaurus is set once, by the bundle).
  await page.addInitScript(() => {
    const asked: string[] = [];
    let wrapped: Window['docusaurus'] | undefined;
    Object.defineProperty(window, 'prefetchAsked', {value: asked});
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => wrapped,
      set: (value: Window['docusaurus']) => {
        wrapped = {
          ...value,
          prefetch: (path: string) => {
            asked.push(path);
            return value.prefetch(path);
          },
        };
      },
    });
  });
  const asked = () =>
    page.evaluate(() => (window as unknown as {prefetchAsked: string[]}).prefetchAsked);
  await page.setViewportSize({width: 390, height: 800});
  // A slide of the closed menu's panes once brought its links to the viewport's edge, and
  // they were prefetched, but only if Chromium updated intersections during the slide. So
  // animations run at a twentieth of their speed, and the page renders every frame.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.setPlaybackRate', {playbackRate: 0.05});
  await page.addInitScript(() => {
    const everyFrame = () => requestAnimationFrame(everyFrame);
    everyFrame();
  });
  // A post: the menu holds the blog list. Its routes that no link shown elsewhere on the
  // page leads to (the desktop sidebar is hidden on a phone) are asked for only by the menu.
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  await page.waitForLoadState('networkidle');
  await waitForIdle(page);
  const menuOnly = await page.evaluate(() => {
    const shownElsewhere = new Set(
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'))
        .filter((a) => !a.closest('.navbar-sidebar') && a.checkVisibility())
        .map((a) => a.getAttribute('href')),
    );
    return Array.from(
      document.querySelectorAll<HTMLAnchorElement>('.navbar-sidebar .menu__list a[href^="/"]'),
      (a) => a.getAttribute('href') ?? '',
    ).filter((href) => !shownElsewhere.has(href));
  });
  expect(menuOnly.length).toBeGreaterThan(0);
  expect((await asked()).filter((path) => menuOnly.includes(path))).toEqual([]);
  await cdp.send('Animation.setPlaybackRate', {playbackRate: 1});
  await page.locator('button.navbar__toggle').click();
  await expect
    .poll(async () => (await asked()).filter((path) => menuOnly.includes(path)).length)
    .toBeGreaterThan(0);
});

for (const connection of [
  {effectiveType: '2g', saveData: false},
  {effectiveType: '4g', saveData: true},
]) {
  test(`no prefetching on a ${connection.saveData ? 'data-saver' : '2G'} connection`, async ({
    page,
  }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => value,
      });
    }, connection);
    await openHydrated(page, '/');
    // Prefetching happens in idle time: wait until it would have run.
    await page.waitForLoadState('networkidle');
    await waitForIdle(page);
    expect(await prefetchLinks(page)).toBe(0);
    await page.locator('a.navbar__link[href="/blog"]').click();
    await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  });
}

test('local storage holds only the announcement keys until the reader toggles the theme', async ({
  page,
}) => {
  await openHydrated(page, '/docs/intro');
  const keys = () => page.evaluate(() => Object.keys(localStorage).sort());
  expect(await keys()).toEqual(['docusaurus.announcement.dismiss', 'docusaurus.announcement.id']);
  await page.locator('button[class*="toggleButton"]').click();
  expect(await keys()).toEqual([
    'docusaurus.announcement.dismiss',
    'docusaurus.announcement.id',
    'theme',
  ]);
});

test('a stored docs version that does not exist is discarded; the real one is kept', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('docs-preferred-version-default', 'no-such-version');
    }
  });
  await openHydrated(page, '/docs/intro');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default')))
    .toBeNull();
  await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'current'));
  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe(
    'current',
  );
});
