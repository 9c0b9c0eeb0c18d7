// Issues 7 and 36: the production server configs (deploy/nginx.conf in the
// nginx project, deploy/Caddyfile in the caddy project) serving build/ over
// plain HTTP, as the browser tests need it; HTTPS is tests/deploy/https.spec.ts.
import {expect, test, type APIRequestContext, type Page} from '@playwright/test';
import {
  collectConsoleProblems,
  collectOffsiteRequests,
  sitemapPaths,
  waitForHydration,
} from '../e2e/helpers';
import type {HeaderRule} from '../../src/plugins/security-headers/policy';
import {parseHeadersFile} from '../headers';

/** The header rules of the served build's `_headers`, which every host's config repeats. */
async function headerRules(request: APIRequestContext): Promise<HeaderRule[]> {
  const response = await request.get('/_headers');
  expect(response.status()).toBe(200);
  return parseHeadersFile(await response.text());
}

/** Records CSP violations the page reports. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {__csp: string[]};
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as {__csp: string[]}).__csp);

test('every sitemap URL is served with status 200, hydrates, and breaks no CSP rule', async ({
  page,
  baseURL,
}) => {
  const paths = await sitemapPaths(page);
  // Page after page: the walk grows with the site.
  test.setTimeout(60_000 + paths.length * 3_000);
  await recordCspViolations(page);
  const problems = collectConsoleProblems(page);
  const offsite = collectOffsiteRequests(page, baseURL ?? '');
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    expect(await cspViolations(page), path).toEqual([]);
  }
  expect(problems).toEqual([]);
  expect(offsite.map((r) => r.url())).toEqual([]);
});

test('pages carry the security headers of _headers, byte for byte, and a CSP without other origins', async ({
  request,
}) => {
  const response = await request.get('/docs/intro');
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  // Styles from the site's stylesheets; inline ones only by hash, none wholesale.
  expect(csp).toMatch(
    /; style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*; style-src-attr ('none'|'unsafe-hashes'( 'sha256-[A-Za-z0-9+/=]+')+);/,
  );
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toMatch(/https?:|\*/);
  const [all] = await headerRules(request);
  expect(all?.path).toBe('/*');
  for (const [name, value] of all?.headers ?? []) {
    // HSTS only over HTTPS (tests/deploy/https.spec.ts); this is plain HTTP.
    if (name === 'Strict-Transport-Security') expect(headers[name.toLowerCase()]).toBeUndefined();
    else expect(headers[name.toLowerCase()], name).toBe(value);
  }
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
});

test('hashed assets are cached for a year as immutable, as _headers says, and compressed', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const src = await page.locator('script[src*="/assets/js/main."]').getAttribute('src');
  const response = await request.get(src ?? '', {headers: {'Accept-Encoding': 'gzip'}});
  expect(response.status()).toBe(200);
  const assets = (await headerRules(request)).find((rule) => rule.path === '/assets/*');
  expect(assets?.headers).toEqual([['Cache-Control', 'public, max-age=31536000, immutable']]);
  expect(response.headers()['cache-control']).toBe(assets?.headers[0]?.[1]);
  expect(response.headers()['content-encoding']).toBe('gzip');
  expect(response.headers()['content-security-policy']).toBeTruthy();
});

/** The Cache-Control of a page: revalidated on every visit. */
async function pageCacheControl(request: APIRequestContext): Promise<string> {
  const value = (await request.get('/docs/intro')).headers()['cache-control'] ?? '';
  expect(value).toMatch(/max-age=0/);
  return value;
}

// An unknown page, the not-found page's own file (it has no URL of its own)
// and a bundle that is not there (a deploy still copying files, or a stale
// page asking for an old one): each a 404, revalidated like a page, so no
// browser or CDN keeps the error.
for (const path of ['/no/such/page', '/404.html', '/assets/js/main.no-such-bundle.js']) {
  test(`${path} gets status 404 and the Chinese not-found page, with the security headers, never cached as immutable`, async ({
    page,
    request,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const headers = (await response?.allHeaders()) ?? {};
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['cache-control']).toBe(await pageCacheControl(request));
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('main h1')).toHaveText('找不到页面');
    await expect(page.locator('main p').first()).toHaveText('我们找不到您要找的页面。');
  });
}

test('/assets/ itself is no bundle: not served as a file and never cached as immutable', async ({
  request,
}) => {
  const response = await request.get('/assets/', {maxRedirects: 0});
  // nginx answers 404; Caddy first redirects it to /assets, which is a 404.
  expect([301, 404]).toContain(response.status());
  expect(response.headers()['cache-control']).toBe(await pageCacheControl(request));
});

/** A query string a redirect must carry over as sent: two parameters, one percent-encoded. */
const QUERY = '?page=2&q=%E6%A0%88';

// Each kind of redirect to a page's one URL: .html, /index.html, the
// trailing slash, and the home page's /index.html.
for (const [path, target] of [
  ['/docs/intro.html', '/docs/intro'],
  ['/docs/intro/index.html', '/docs/intro'],
  ['/docs/intro/', '/docs/intro'],
  ['/index.html', '/'],
] as const) {
  test(`${path} reaches ${target} in one redirect, keeping the query string`, async ({
    page,
    request,
  }) => {
    for (const query of ['', QUERY]) {
      const response = await request.get(path + query, {maxRedirects: 0});
      expect(response.status(), path + query).toBe(301);
      expect(response.headers().location, path + query).toBe(target + query);
    }
    const response = await page.goto(path + QUERY);
    expect(response?.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(target + QUERY);
  });
}

test('an undecodable path gets a 4xx error page, not a blank page or a 5xx', async ({page}) => {
  const response = await page.goto('/%E0%A4%A');
  const status = response?.status() ?? 0;
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect((await response?.allHeaders())?.['cache-control'] ?? '').not.toContain('immutable');
  await expect(page.locator('body')).not.toBeEmpty();
});

test('the colour toggle works under the CSP', async ({page}) => {
  await recordCspViolations(page);
  await page.goto('/');
  await waitForHydration(page);
  await page.locator('button[class*="toggleButton"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await cspViolations(page)).toEqual([]);
});

test('search works under the CSP: code, index and results all from the site', async ({page}) => {
  await recordCspViolations(page);
  await page.goto('/');
  await waitForHydration(page);
  const box = page.locator('nav.navbar input.navbar__search-input').last();
  await box.fill('审核');
  // The reader waits for the answer to what they typed, however long that takes.
  await page.waitForFunction(
    () => document.querySelector('.navbar [role="listbox"]')?.getAttribute('data-query') === '审核',
  );
  const first = page.locator('.navbar [role="listbox"] [role="option"]').first();
  await expect(first).toContainText('审核');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/blog\/2025\/09\/15\/moderation-guidelines/);
  expect(await cspViolations(page)).toEqual([]);
});

/**
 * Serves every response with the site's own headers, less 'unsafe-inline'
 * for styles: the policy the pages are moving to (no inline styles).
 */
async function withoutInlineStyles(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = {...response.headers()};
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, route.request().url()).toContain("style-src 'self'");
    headers['content-security-policy'] = policy.replace(
      /(style-src[^;]*?)\s*'unsafe-inline'/,
      '$1',
    );
    await route.fulfill({response, headers});
  });
}

test('every full-size file (diagrams, images) renders under the site’s headers, inline styles forbidden', async ({
  page,
}) => {
  const paths = await sitemapPaths(page);
  // Every page is read, then every file opened: the walk grows with the site.
  test.setTimeout(60_000 + paths.length * 3_000);
  await withoutInlineStyles(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused/i.test(message.text())) problems.push(message.text());
  });
  // The files the pages link to, from the pages themselves.
  const hrefs = new Set<string>();
  for (const path of paths) {
    const html = await (await page.request.get(path)).text();
    for (const [, href] of html.matchAll(/class="(?:diagram|image)__open[^>]*href=([^\s>]+)/g)) {
      hrefs.add(href ?? '');
    }
  }
  expect(hrefs.size, 'full-size files linked from the pages').toBeGreaterThan(0);
  for (const href of hrefs) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    expect(response?.headers()['content-type'], href).toContain('image/svg+xml');
    expect(response?.headers()['content-security-policy'], href).not.toContain('unsafe-inline');
    // Drawn in its colours (presentation attributes, no stylesheet): boxes filled, text not black.
    const painted = await page.evaluate(() => ({
      title: document.querySelector('svg > title')?.textContent ?? '',
      fills: Array.from(document.querySelectorAll('rect'), (r) => getComputedStyle(r).fill),
      text: getComputedStyle(document.querySelector('text') as Element).fill,
      width: document.documentElement.getBoundingClientRect().width,
    }));
    expect(painted.title, href).not.toBe('');
    expect(
      painted.fills.filter((fill) => /^rgb\((2[2-5]\d), (2[2-5]\d), (2[2-5]\d)\)$/.test(fill)),
      `${href}: light boxes`,
    ).not.toEqual([]);
    expect(painted.text, href).toMatch(/^rgb\((28, 30, 33|68, 73, 80)\)$/);
    expect(painted.width, href).toBeGreaterThan(100);
  }
  expect(problems).toEqual([]);
});
