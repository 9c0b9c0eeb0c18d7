/**
 * Page weight per route, as Chromium loads it (scripts/lib/page-weight.ts),
 * with the JS of Markdown content told apart from the framework's.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from '@playwright/test';
import {measurePageWeight} from '../lib/page-weight';
import {browserPath, CHROME_FLAGS} from '../lib/serve';
import type {RouteWeight, Site} from './types';

/**
 * Docusaurus ships each Markdown page as a JS chunk of its own, named in the
 * generated registry: those chunks are the writing, not the framework.
 */
function markdownChunkNames(dir: string): Set<string> {
  const path = join(dir, '.docusaurus/registry.js');
  if (!existsSync(path)) return new Set();
  const registry = readFileSync(path, 'utf8');
  const entry =
    /"(\w+)": \[\(\) => import\(\/\* webpackChunkName: "\w+" \*\/ "@site\/[^"]+\.mdx?(?:\?truncated=true)?"\)/g;
  return new Set([...registry.matchAll(entry)].map((match) => match[1] ?? ''));
}

/** Weighs each of `routes` (default: all of the site's) in a fresh browser context. */
export async function pageWeights(
  site: Pick<Site, 'dir' | 'routes'>,
  origin: string,
  only?: readonly string[],
): Promise<Record<string, RouteWeight>> {
  const markdownChunks = markdownChunkNames(site.dir);
  // A lazy route's entry (src/plugins/lazy-routes) carries its Markdown too.
  const isMarkdown = (url: string) =>
    /\/assets\/js\/route-[0-9a-f]{10}\.\w+\.js$/.test(url) ||
    markdownChunks.has(/\/assets\/js\/(\w+)\.\w+\.js$/.exec(url)?.[1] ?? '');
  const browser = await chromium.launch({executablePath: browserPath(), args: CHROME_FLAGS});
  const result: Record<string, RouteWeight> = {};
  try {
    for (const [type, path] of Object.entries(site.routes)) {
      if (only && !only.includes(type)) continue;
      const context = await browser.newContext();
      const page = await context.newPage();
      const {requests, html, css, js, other, scripts} = await measurePageWeight(
        page,
        origin + path,
      );
      const contentJs = scripts
        .filter((script) => isMarkdown(script.url))
        .reduce((sum, {raw, gzip}) => ({raw: sum.raw + raw, gzip: sum.gzip + gzip}), {
          raw: 0,
          gzip: 0,
        });
      result[type] = {requests, html, css, js, other, contentJs};
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}
