import {expect, type Locator, type Page, type Request} from '@playwright/test';

/** Resolves once React has hydrated the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/**
 * Resolves once the page has been idle after the work it queued for idle time
 * (route prefetching, the closed mobile menu): idle callbacks run in order.
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => requestIdleCallback(() => resolve()));
      }),
  );
}

/** Opens a path and waits for hydration; returns the main response status. */
export async function openHydrated(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response?.status();
}

/** Records every request that leaves the site's own origin. */
export function collectOffsiteRequests(page: Page, origin: string): Request[] {
  const offsite: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) offsite.push(request);
  });
  return offsite;
}

/** Collects console errors and warnings, and uncaught page errors. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Every `<loc>` path of the production sitemap. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  return (await sitemapUrls(page)).map((url) => new URL(url).pathname);
}

/**
 * The blog's list pages in the sitemap: the blog's own (`/blog`,
 * `/blog/page/N`), each author's and each tag's, with their pages.
 */
export async function listPagePaths(page: Page): Promise<string[]> {
  return (await sitemapPaths(page)).filter((path) =>
    /^\/blog(?:\/(?:authors|tags)\/[^/]+)?(?:\/page\/\d+)?$/.test(path),
  );
}

/** Every `<loc>` of the production sitemap, as written (production host). */
export async function sitemapUrls(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
}

/** A production URL moved onto the test server (same path, query and hash). */
export function onTestServer(url: string): string {
  const {pathname, search, hash} = new URL(url);
  return `${pathname}${search}${hash}`;
}

/** Route chunks, i.e. every JS file except the runtime and main bundles. */
export const ROUTE_CHUNK = /\/assets\/js\/(?!runtime~main|main\.).+\.js$/;

/** Holds matching requests until `release()` is called. */
export async function holdRequests(
  page: Page,
  pattern: RegExp,
): Promise<{release: () => void; abort: () => void; held: () => number}> {
  let mode: 'hold' | 'release' | 'abort' = 'hold';
  const waiting: Array<() => void> = [];
  let count = 0;
  await page.route(pattern, async (route) => {
    if (mode === 'hold') {
      count += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    if (mode === 'abort') await route.abort();
    else await route.continue();
  });
  const flush = (next: 'release' | 'abort') => {
    mode = next;
    waiting.splice(0).forEach((resolve) => resolve());
  };
  return {release: () => flush('release'), abort: () => flush('abort'), held: () => count};
}

/**
 * Relative luminance (WCAG) of an element's text colour (`color`, or `fill`
 * for SVG text) and of the background painted behind it: the nearest ancestor
 * whose background is not transparent.
 */
export async function paintedLuminance(
  target: Locator,
  property: 'color' | 'fill' = 'color',
): Promise<{text: number; background: number}> {
  return target.evaluate((element, prop) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      [r, g, b]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    let background = 'rgb(255, 255, 255)';
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (!/^rgba\(.*,\s*0\)$|^transparent$/.test(colour)) {
        background = colour;
        break;
      }
    }
    const style = getComputedStyle(element);
    return {
      text: luminance(rgb(prop === 'fill' ? style.fill : style.color)),
      background: luminance(rgb(background)),
    };
  }, property);
}

/** The WCAG contrast ratio of two relative luminances. */
export const contrastRatio = (a: number, b: number): number =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Clicks a code block's copy button and waits until it has said 复制成功.
 * That name lasts a second, which a busy machine's polling can miss, so every
 * name the button takes is recorded; afterwards it offers to copy again.
 */
export async function clickCopy(block: Locator): Promise<void> {
  const copy = block.getByRole('button', {name: '复制代码到剪贴板'});
  const handle = await copy.evaluateHandle((button) => {
    const names: string[] = [];
    new MutationObserver(() => names.push(button.getAttribute('aria-label') ?? '')).observe(
      button,
      {attributeFilter: ['aria-label']},
    );
    return names;
  });
  await copy.click();
  await expect.poll(() => handle.evaluate((names) => [...names])).toContain('复制成功');
  await expect(copy).toBeAttached();
}

/** Whether a script's text carries `sample`, as written or escaped in a JavaScript string. */
export const carriesText = (script: string, sample: string): boolean =>
  script.includes(sample) || script.includes(JSON.stringify(sample).slice(1, -1));

/**
 * Each script's text, fetched once: a page loads many of the scripts the one
 * before it did, and the browser may take those from its cache without a
 * response to listen to.
 */
export function scriptTexts(page: Page): (url: string) => Promise<string> {
  const texts = new Map<string, Promise<string>>();
  return (url) => {
    let text = texts.get(url);
    if (!text) {
      text = page.request.get(url).then((response) => response.text());
      texts.set(url, text);
    }
    return text;
  };
}
