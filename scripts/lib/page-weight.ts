/**
 * What a browser downloads to show a page: requests before `load`, and bytes
 * per kind, raw and gzip. Shared by `npm run bench` and the byte budgets test.
 */
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';

export type Bytes = {raw: number; gzip: number};
export type PageWeight = {
  requests: number;
  html: Bytes;
  css: Bytes;
  js: Bytes;
  other: Bytes;
  /** Every URL fetched before `load`, for budget checks on what a page must not load. */
  urls: string[];
  /** Each script fetched before `load`, with its bytes, to tell framework from content. */
  scripts: ({url: string} & Bytes)[];
};

const zero = (): Bytes => ({raw: 0, gzip: 0});

function kindOf(resourceType: string): 'html' | 'css' | 'js' | 'other' {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  return 'other';
}

/**
 * Loads `url` in `page` and weighs everything fetched until the page is ready:
 * the `load` event, and for a page with a script bundle, hydration as well.
 * (Our pages request their bundle after the first paint, which can come after
 * `load`; counting only until `load` would miss the JavaScript.)
 */
export async function measurePageWeight(page: Page, url: string): Promise<PageWeight> {
  const weight: PageWeight = {
    requests: 0,
    html: zero(),
    css: zero(),
    js: zero(),
    other: zero(),
    urls: [],
    scripts: [],
  };
  let loaded = false;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (loaded) return;
    const request = response.request();
    // Link prefetches for other routes are not part of this page's load.
    if ((request.headers()['sec-purpose'] ?? '').includes('prefetch')) return;
    weight.requests += 1;
    weight.urls.push(request.url());
    pending.push(
      response
        .body()
        .then((body) => {
          const kind = kindOf(request.resourceType());
          const bytes = {raw: body.length, gzip: gzipSync(body, {level: 9}).length};
          weight[kind].raw += bytes.raw;
          weight[kind].gzip += bytes.gzip;
          if (kind === 'js') weight.scripts.push({url: request.url(), ...bytes});
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, {waitUntil: 'load'});
  const hasBundle = await page.evaluate(() =>
    Boolean(document.querySelector('script[src], script[data-bundle]')),
  );
  if (hasBundle) await page.waitForSelector('html[data-has-hydrated="true"]');
  loaded = true;
  await Promise.all(pending);
  return weight;
}
