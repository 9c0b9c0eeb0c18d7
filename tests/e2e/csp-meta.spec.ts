/**
 * The security policy where no header carries it: `docusaurus serve` adds no
 * security headers, as GitHub Pages cannot, so what holds here is what the
 * pages' own CSP <meta> enforces (src/plugins/security-headers). Scripts and
 * styles alike: no inline style but the few the policy allows by hash, in
 * either colour mode, with JavaScript on or off, after client-side navigation
 * and after a reader clicks around. Also: the same policy in build/_headers
 * and the nginx snippet, and robots.txt.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test, type Browser, type Page} from '@playwright/test';
import {HEADER_ONLY_DIRECTIVES} from '../../src/plugins/security-headers/policy';
import {parseCaddyfile, parseHeadersFile, parseNginxSnippet, parseVercelJson} from '../headers';
import {collectOffsiteRequests, sitemapPaths, waitForHydration, waitForIdle} from './helpers';

const REPO = join(__dirname, '../..');
const repoFile = (file: string): string => readFileSync(join(REPO, file), 'utf8');

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/** The reader's saved colour mode, in place before any of the page's scripts run. */
async function chooseMode(page: Page, mode: Mode): Promise<void> {
  if (mode === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
}

/**
 * Records the CSP violations the page reports, and the console's CSP errors
 * (the browser logs those itself, also with JavaScript off).
 */
async function recordCsp(
  page: Page,
  {javaScript = true}: {javaScript?: boolean} = {},
): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  if (!javaScript) return () => Promise.resolve([...logged]);
  await page.addInitScript(() => {
    const w = window as unknown as {__csp: string[]};
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as {__csp: string[]}).__csp)),
    ...logged,
  ];
}

/** The page's CSP <meta> policies, and whether one precedes every script and stylesheet. */
function metaPolicy(page: Page) {
  return page.evaluate(() => {
    const metas = Array.from(
      document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]'),
    );
    const first = metas[0];
    const early =
      first !== undefined &&
      Array.from(document.querySelectorAll('script, link[rel="stylesheet"]')).every(
        (element) => first.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    return {policies: metas.map((meta) => meta.getAttribute('content') ?? ''), early};
  });
}

/** Opens a page and checks that the server sent no security headers. */
async function openHeaderless(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-security-policy'], path).toBeUndefined();
  expect(response?.headers()['x-frame-options'], path).toBeUndefined();
}

/** Opens a page with no CSP header and checks that its <meta> carries one. */
async function openUnderMetaPolicy(page: Page, path: string): Promise<void> {
  await openHeaderless(page, path);
  await expectMetaPolicy(page, path);
}

async function expectMetaPolicy(page: Page, path: string): Promise<void> {
  const {policies, early} = await metaPolicy(page);
  expect(policies, `${path}: one CSP <meta>`).toHaveLength(1);
  expect(policies[0], path).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[^']+')+;/);
  expect(early, `${path}: the CSP <meta> precedes every script and stylesheet`).toBe(true);
}

for (const mode of MODES) {
  test(`every sitemap page carries the policy in a <meta>, hydrates, and breaks no CSP rule (${mode})`, async ({
    page,
    baseURL,
  }) => {
    await chooseMode(page, mode);
    const violations = await recordCsp(page);
    const offsite = collectOffsiteRequests(page, baseURL ?? '');
    const paths = await sitemapPaths(page);
    // The walk grows with the blog: time per page, not a fixed total.
    test.setTimeout(60_000 + paths.length * 3_000);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      await openUnderMetaPolicy(page, path);
      await waitForHydration(page);
      await expect(page.locator('html'), path).toHaveAttribute('data-theme', mode);
      expect(await violations(), path).toEqual([]);
    }
    expect(offsite.map((request) => request.url())).toEqual([]);
  });

  test(`every sitemap page breaks no CSP rule with JavaScript off (system ${mode})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({javaScriptEnabled: false, colorScheme: mode});
    const page = await context.newPage();
    const violations = await recordCsp(page, {javaScript: false});
    const paths = await sitemapPaths(page);
    test.setTimeout(60_000 + paths.length * 1_000);
    for (const path of paths) {
      await openUnderMetaPolicy(page, path);
      // Logged while the page is parsed, before its load event.
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });

  test(`client-side navigation to every sitemap page breaks no CSP rule (${mode})`, async ({
    page,
  }) => {
    await chooseMode(page, mode);
    const violations = await recordCsp(page);
    const paths = await sitemapPaths(page);
    test.setTimeout(60_000 + paths.length * 3_000);
    await openUnderMetaPolicy(page, '/');
    await waitForHydration(page);
    for (const path of paths) {
      // What the router does for a link or the back button: React renders the
      // page in the browser, so every style it sets goes through the DOM.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // Rendered once the head names the new page.
      await page.waitForFunction((to) => {
        const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
        return canonical !== null && new URL(canonical.href).pathname === to;
      }, path);
      await waitForIdle(page);
      expect(await violations(), path).toEqual([]);
    }
  });
}

/** Opens a page with the reader's mode at a width and waits for its idle-time work. */
async function openAt(
  browser: Browser,
  width: number,
  mode: Mode,
  path: string,
): Promise<{page: Page; violations: () => Promise<string[]>; close: () => Promise<void>}> {
  const context = await browser.newContext({viewport: {width, height: 844}, locale: 'zh-CN'});
  const page = await context.newPage();
  await chooseMode(page, mode);
  const violations = await recordCsp(page);
  await openUnderMetaPolicy(page, path);
  await waitForHydration(page);
  await waitForIdle(page);
  return {page, violations, close: () => context.close()};
}

for (const mode of MODES) {
  for (const width of [390, 1280]) {
    test(`clicking through a page's widgets breaks no CSP rule (${mode}, ${width} px)`, async ({
      browser,
    }) => {
      const mobile = width < 997;
      const {page, violations, close} = await openAt(
        browser,
        width,
        mode,
        '/docs/tutorial-basics/markdown-features',
      );
      const article = page.locator('article');

      // Tabs.
      const tab = article.getByRole('tab').nth(1);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');

      // A <details> block, opened and closed (the browser's own: the article is not hydrated).
      const details = article.locator('details').first();
      await details.locator('summary').click();
      await expect(details).toHaveAttribute('open', '');
      await details.locator('summary').click();
      await expect(details).not.toHaveAttribute('open');

      // Code blocks: copy, and wrap one that scrolls sideways.
      const block = article.locator('.theme-code-block').first();
      await block.hover();
      // "Copied" shows for a second only: watched for, not polled.
      const copied = block.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            new MutationObserver(() => {
              if (element.querySelector('button[aria-label="复制成功"]')) resolve();
            }).observe(element, {subtree: true, attributes: true, attributeFilter: ['aria-label']});
          }),
      );
      await block.getByRole('button', {name: '复制代码到剪贴板'}).click();
      await copied;
      if (mobile) {
        const wide = article.locator('.theme-code-block:has(pre[data-scrollable])').first();
        await wide.hover();
        await wide.getByRole('button', {name: '切换自动换行'}).click();
        await expect
          .poll(() => wide.locator('pre').evaluate((el) => el.scrollWidth > el.clientWidth))
          .toBe(false);
      }

      if (mobile) {
        // The table of contents collapsed above the article, and the menu.
        const toc = page.locator('button[class*="tocCollapsibleButton"]');
        await toc.click();
        await expect(page.locator('[class*="tocCollapsible"] .table-of-contents')).toBeVisible();
        await page.locator('button.navbar__toggle').click();
        await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
        await page.locator('.navbar-sidebar button.navbar-sidebar__close').click();
        await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
      } else {
        // A doc sidebar category, collapsed and expanded again.
        const caret = page.locator('.theme-doc-sidebar-menu button.menu__caret').first();
        await caret.click();
        await expect(caret).toHaveAttribute('aria-expanded', 'false');
        await caret.click();
        await expect(caret).toHaveAttribute('aria-expanded', 'true');
      }

      // The search box.
      const box = page.locator('nav.navbar input.navbar__search-input').last();
      await box.fill('审核');
      await page.waitForFunction(
        () =>
          document.querySelector('.navbar [role="listbox"]')?.getAttribute('data-query') === '审核',
      );
      await box.press('Escape');

      // The colour toggle (in the menu on a phone), then a link followed in the same page.
      const other = mode === 'light' ? 'dark' : 'light';
      if (mobile) await page.locator('button.navbar__toggle').click();
      await page.locator('button[class*="toggleButton"]:visible').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', other);
      if (mobile) await page.locator('.navbar-sidebar button.navbar-sidebar__close').click();
      await article.locator('a[href="/docs/intro"]').first().click();
      await expect(page).toHaveURL(/\/docs\/intro$/);
      await expect(page.locator('article h1')).toBeVisible();
      await waitForIdle(page);

      expect(await violations()).toEqual([]);
      await close();
    });
  }
}

test('an inline style injected into a page is not applied, attribute or element', async ({
  page,
}) => {
  const violations = await recordCsp(page);
  let injected = false;
  await page.route('**/docs/intro', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const body = html
      .replace('<main', '<main data-injected style="outline:7px solid red"')
      .replace('<body', '<style>body{outline:9px solid red}</style><body');
    injected = body.includes('data-injected style=') && body.includes('<style>body');
    await route.fulfill({response, body});
  });
  await openHeaderless(page, '/docs/intro');
  expect(injected, 'the styles were added to the page').toBe(true);
  await waitForHydration(page);
  // Neither red outline is drawn.
  expect(
    await page.locator('main[data-injected]').evaluate((el) => getComputedStyle(el).outlineStyle),
  ).toBe('none');
  expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).toBe('none');
  const found = await violations();
  expect(found.some((v) => /^style-src-attr inline$/.test(v))).toBe(true);
  expect(found.some((v) => /^style-src-elem inline$/.test(v))).toBe(true);
  await expectMetaPolicy(page, '/docs/intro');
});

test('an inline script injected into a page does not run; the page still hydrates', async ({
  page,
}) => {
  const violations = await recordCsp(page);
  let injected = false;
  await page.route('**/docs/intro', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace(
      '<script data-bundle',
      '<script>window.__injected = true</script><script data-bundle',
    );
    injected = body !== html;
    await route.fulfill({response, body});
  });
  await openHeaderless(page, '/docs/intro');
  expect(injected, 'the script was added to the page').toBe(true);
  await waitForHydration(page);
  expect(await page.evaluate(() => '__injected' in window)).toBe(false);
  expect((await violations()).some((v) => /^script-src(-elem)? inline$/.test(v))).toBe(true);
  await expectMetaPolicy(page, '/docs/intro');
});

test.describe('another origin', () => {
  let server: Server;
  let probes = 0;
  test.beforeAll(async () => {
    // A server on another loopback port that would answer any page's fetch.
    server = createServer((_request, response) => {
      probes += 1;
      response.writeHead(200, {'Access-Control-Allow-Origin': '*'}).end('answered');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a fetch to another origin is blocked before it is sent', async ({page}) => {
    const violations = await recordCsp(page);
    await openHeaderless(page, '/');
    await waitForHydration(page);
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/probe`;
    const outcome = await page.evaluate(
      (url) =>
        fetch(url).then(
          (response) => response.text(),
          (error: unknown) => `blocked: ${String(error)}`,
        ),
      target,
    );
    expect(outcome).toMatch(/^blocked: TypeError/);
    expect(probes).toBe(0);
    expect(await violations()).toContain(`connect-src ${target}`);
    await expectMetaPolicy(page, '/');
  });
});

test('search works under the meta policy', async ({page}) => {
  const violations = await recordCsp(page);
  await openUnderMetaPolicy(page, '/');
  await waitForHydration(page);
  const box = page.locator('nav.navbar[aria-label="主导航"] input.navbar__search-input').last();
  await box.fill('审核');
  // The reader waits for the answer to what they typed, however long that takes.
  await page.waitForFunction(
    () => document.querySelector('.navbar [role="listbox"]')?.getAttribute('data-query') === '审核',
  );
  await expect(page.locator('.navbar [role="listbox"] [role="option"]').first()).toContainText(
    '审核',
  );
  await box.press('Enter');
  await expect(page).toHaveURL(/\/blog\/2025\/09\/15\/moderation-guidelines/);
  expect(await violations()).toEqual([]);
});

test('the colour toggle works under the meta policy', async ({page}) => {
  const violations = await recordCsp(page);
  await openUnderMetaPolicy(page, '/');
  await waitForHydration(page);
  await page.locator('button[class*="toggleButton"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violations()).toEqual([]);
});

test('_headers, vercel.json, the Caddyfile and the nginx snippet carry the same headers; the <meta> the same CSP less frame-ancestors', async ({
  page,
}) => {
  const response = await page.request.get('/_headers');
  expect(response.status()).toBe(200);
  const rules = parseHeadersFile(await response.text());
  expect(rules.map((rule) => rule.path)).toEqual(['/*', '/assets/*']);
  const headers = rules[0]?.headers ?? [];
  expect(headers.map(([name]) => name)).toEqual(
    expect.arrayContaining([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'X-Frame-Options',
      'Cross-Origin-Opener-Policy',
      'Strict-Transport-Security',
    ]),
  );
  expect(rules[1]?.headers).toEqual([['Cache-Control', 'public, max-age=31536000, immutable']]);
  expect(headers).toEqual(parseNginxSnippet(repoFile('deploy/security-headers.conf')));
  expect(parseCaddyfile(repoFile('deploy/Caddyfile'))).toEqual(rules);
  expect(parseVercelJson(repoFile('vercel.json'))).toEqual(rules);

  const csp = headers.find(([name]) => name === 'Content-Security-Policy')?.[1] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  await page.goto('/');
  const {policies} = await metaPolicy(page);
  const withoutHeaderOnly = csp
    .split('; ')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.has(directive.split(' ')[0] ?? ''))
    .join('; ');
  expect(policies).toEqual([withoutHeaderOnly]);
});

test('robots.txt names the sitemap, and the sitemap is there', async ({page}) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemaps = [...(await robots.text()).matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
  expect(sitemaps).toHaveLength(1);
  const url = new URL(sitemaps[0] ?? '');
  expect(url.protocol).toBe('https:');
  const sitemap = await page.request.get(url.pathname);
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`<loc>${url.origin}/`);
});
