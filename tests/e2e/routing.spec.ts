// Spec §2, behaviour of routing: lazy route code, pending navigation,
// the progress bar, .html normalisation, preload failure and the loading box.
import {readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {ROUTE_CHUNK, holdRequests, openHydrated, waitForHydration} from './helpers';

/** A 2G connection turns off link prefetching, so route code loads only on navigation. */
async function emulateSlowConnection(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({effectiveType: '2g', saveData: false}),
    });
  });
}

test('route code is loaded lazily, when the reader navigates to the route', async ({page}) => {
  await emulateSlowConnection(page);
  const chunks = new Set<string>();
  page.on('request', (request) => {
    if (ROUTE_CHUNK.test(request.url())) chunks.add(request.url());
  });
  await openHydrated(page, '/');
  const onHome = new Set(chunks);
  await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
  await page.locator('a.navbar__link[href="/blog"]').click();
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  const newChunks = [...chunks].filter((url) => !onHome.has(url));
  expect(newChunks.length).toBeGreaterThan(0);
});

test('the next page shows only after its code has loaded', async ({page}) => {
  await emulateSlowConnection(page);
  await openHydrated(page, '/');
  const chunks = await holdRequests(page, ROUTE_CHUNK);
  await page.locator('a.navbar__link[href="/blog"]').click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => chunks.held()).toBeGreaterThan(0);
  // The old page stays on screen while the new route's code is pending.
  await expect(page.locator('header.hero h1')).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/blog-list-page/);
  chunks.release();
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  await expect(page.locator('header.hero')).toHaveCount(0);
});

test('the progress bar starts 200 ms after a route change and finishes when the route updates', async ({
  page,
}) => {
  await emulateSlowConnection(page);
  await page.clock.install();
  await openHydrated(page, '/');
  await page.clock.pauseAt(Date.now() + 60_000);
  const chunks = await holdRequests(page, ROUTE_CHUNK);
  await page.locator('a.navbar__link[href="/blog"]').click();
  await expect.poll(() => chunks.held()).toBeGreaterThan(0);
  await page.clock.runFor(199);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.clock.runFor(2);
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  await expect(page.locator('html')).toHaveClass(/nprogress-busy/);
  await page.clock.resume();
  chunks.release();
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  // nprogress holds the finished bar for its speed, then fades it out.
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/nprogress-busy/);
});

test('paths ending in .html or /index.html reach the bare path', async ({page}) => {
  await page.goto('/docs/intro.html');
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect(page.locator('html')).toHaveClass(/docs-doc-id-intro/);
  await page.goto('/blog/index.html');
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
});

test('client-side navigation to a .html path renders the bare route', async ({page}) => {
  await openHydrated(page, '/');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/docs/intro.html');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('html')).toHaveClass(/docs-doc-id-intro/);
  await expect(page.locator('article h1')).toBeVisible();
});

test('client-side navigation to a path with no page shows the Chinese not-found page', async ({
  page,
}) => {
  await openHydrated(page, '/');
  // A post path that was never published: the page list asks the server (404).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/blog/2099/01/01/no-such-post');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('main h1')).toHaveText('找不到页面');
  await expect(page).toHaveTitle(/^找不到页面/);
  // Going back shows the home page again, without a reload.
  await page.goBack();
  await expect(page.locator('header.hero h1')).toBeVisible();
});

test('a page reached by client-side navigation is loaded once, then served from memory', async ({
  page,
}) => {
  await emulateSlowConnection(page);
  await openHydrated(page, '/');
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.locator('a.navbar__link[href="/blog"]').click();
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  const first = fetched.length;
  expect(first).toBeGreaterThan(0);
  await page.goBack();
  await expect(page.locator('header.hero h1')).toBeVisible();
  await page.goForward();
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  expect(fetched.slice(first).filter((path) => /\.(js|json)$/.test(path))).toEqual([]);
});

test('the router uses real paths, not hash URLs', async ({page}) => {
  await openHydrated(page, '/');
  await page.locator('a.navbar__link[href="/blog"]').click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});

test('when the next route fails to load, a warning is logged and the page reloads', async ({
  page,
}) => {
  await emulateSlowConnection(page);
  await openHydrated(page, '/');
  // Route code fails until the warning is seen, then loads. A flag rather than
  // page.unroute: unroute waits for handlers still running, and the reload the
  // failure starts can keep one running until the test times out (seen on a
  // busy machine).
  let failing = true;
  await page.route(ROUTE_CHUNK, (route) => (failing ? route.abort() : route.continue()));
  const warning = page.waitForEvent(
    'console',
    (message) => message.type() === 'warning' && /Loading chunk/.test(message.text()),
  );
  await page.locator('a.navbar__link[href="/blog"]').click();
  await warning;
  failing = false;
  // The reload fetches /blog from the server and hydrates it.
  await page.waitForURL(/\/blog$/, {waitUntil: 'load'});
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
});

test('a route whose code is slow shows a spinner, and on failure an error with Retry', async ({
  page,
}) => {
  // docusaurus serve redirects *.html; answering it directly (as a plain static
  // host would) makes the rendered route differ from the preloaded one. The
  // page lists only the bundle, not its route's chunks (as a page built before
  // src/plugins/route-chunk-scripts did), so the route's code loads on render.
  const html = readFileSync('build/docs/intro.html', 'utf8').replace(
    /data-bundle="(\S+) (\S+)[^"]*"/,
    'data-bundle="$1 $2"',
  );
  await page.route('**/docs/intro.html', (route) =>
    route.fulfill({contentType: 'text/html; charset=utf-8', body: html}),
  );
  // Route chunks are slow: each waits 3 s, or until the test has seen the
  // spinner, whichever comes first, and from then on they fail. (A fixed short
  // delay alone raced on a busy machine: the chunk arrived before the spinner
  // was seen, and nothing failed.)
  let mode: 'delay' | 'abort' | 'pass' = 'delay';
  let spinnerSeen = () => {};
  const seen = new Promise<void>((resolve) => (spinnerSeen = resolve));
  await page.route(ROUTE_CHUNK, async (route) => {
    if (mode === 'delay') {
      await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 3000))]);
    }
    if (mode === 'abort') await route.abort();
    else await route.continue();
  });
  await page.goto('/docs/intro.html');
  await expect(page.locator('svg#loader')).toBeVisible();
  mode = 'abort';
  spinnerSeen();
  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(page.getByText(/ChunkLoadError|Loading chunk/)).toBeVisible();
  mode = 'pass';
  await retry.click();
  await expect(page.locator('article h1')).toBeVisible();
});

test('the first frame is rendered before the page requests its JavaScript', async ({page}) => {
  await page.addInitScript(() => {
    const marks = {frame: Infinity, bundle: [] as number[]};
    Object.assign(window, {__marks: marks});
    requestAnimationFrame(() => (marks.frame = performance.now()));
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (
            node instanceof HTMLScriptElement &&
            /\/assets\/js\/(runtime~main|main)\./.test(node.src)
          ) {
            marks.bundle.push(performance.now());
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  await openHydrated(page, '/blog/2025/09/15/publish-server');
  const marks = await page.evaluate(
    () => (window as unknown as {__marks: {frame: number; bundle: number[]}}).__marks,
  );
  expect(marks.frame, 'an animation frame ran').toBeLessThan(Infinity);
  // runtime~main and main, both added by the boot script after that frame.
  expect(marks.bundle).toHaveLength(2);
  for (const added of marks.bundle) expect(added).toBeGreaterThan(marks.frame);
  // The base-URL banner's check ran before the bundle; the bundle removed it.
  await openHydrated(page, '/');
  await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
});
