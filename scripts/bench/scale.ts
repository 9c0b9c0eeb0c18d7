/**
 * Scale: this site and the stock site, each grown to the same number of posts
 * with the same generated posts (scripts/lib/posts.ts), built cold, served by
 * nginx and weighed, in one run: build time, peak memory, first-load JS of a
 * post, the home page, the blog list and a doc, and the post page's HTML.
 */
import {cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from '@playwright/test';
import {measurePageWeight} from '../lib/page-weight';
import {browserPath, CHROME_FLAGS, withNginx} from '../lib/serve';
import {copySite} from '../lib/copy-site';
import {writeFilledPosts} from '../lib/posts';
import {timedBuild} from './build';
import {OURS, PORTS, STOCK} from './sites';
import type {RouteType, Site} from './types';
import {log, TMP} from './util';

/** The page types whose cost must not grow with the archive. */
export const SCALE_ROUTES = ['post', 'home', 'blog list', 'doc'] as const satisfies RouteType[];
type ScaleRoute = (typeof SCALE_ROUTES)[number];

export type ScaleRow = {
  site: 'ours' | 'stock';
  /** Posts in the blog, the site's own and generated ones. */
  posts: number;
  seconds: number;
  peakRssMiB: number;
  /** First-load JS until hydration, gzip bytes. */
  js: Record<ScaleRoute, number>;
  /** The post page's HTML, gzip bytes. */
  postHtml: number;
};

const postCount = (dir: string) =>
  readdirSync(join(dir, 'blog')).filter((name) => /\.mdx?$/.test(name) || !name.includes('.'))
    .length;

/** A copy of `site` in bench/tmp with generated posts up to `posts` in all. */
function grownCopy(site: Site, posts: number): string {
  const dir = join(TMP, `scale-${site.name}-${posts}`);
  if (site.name === 'ours') copySite(dir);
  else {
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    for (const entry of readdirSync(site.dir)) {
      if (['node_modules', 'build', '.docusaurus'].includes(entry)) continue;
      cpSync(join(site.dir, entry), join(dir, entry), {recursive: true});
    }
    symlinkSync(join(site.dir, 'node_modules'), join(dir, 'node_modules'));
  }
  const own = postCount(dir);
  if (own > posts) throw new Error(`${site.name} has ${own} posts already, more than ${posts}`);
  // The same posts for both sites, under each site's own author.
  const author = site.name === 'ours' ? 'linshen' : 'yangshun';
  writeFilledPosts(join(dir, 'blog'), posts - own, '2020-01-01', author);
  return dir;
}

async function weigh(
  site: Site,
  buildDir: string,
): Promise<Omit<ScaleRow, 'site' | 'posts' | 'seconds' | 'peakRssMiB'>> {
  return withNginx(buildDir, PORTS.scale, false, async (origin) => {
    const browser = await chromium.launch({executablePath: browserPath(), args: CHROME_FLAGS});
    try {
      const js = {} as Record<ScaleRoute, number>;
      let postHtml = 0;
      for (const route of SCALE_ROUTES) {
        const context = await browser.newContext();
        const weight = await measurePageWeight(
          await context.newPage(),
          origin + site.routes[route],
        );
        js[route] = weight.js.gzip;
        if (route === 'post') postHtml = weight.html.gzip;
        await context.close();
      }
      return {js, postHtml};
    } finally {
      await browser.close();
    }
  });
}

/** Ours and stock at each post count, built and weighed one after the other. */
export async function scaleRun(points: readonly number[]): Promise<ScaleRow[]> {
  if (!existsSync(join(STOCK.dir, 'node_modules'))) throw new Error('prepare the stock site first');
  const rows: ScaleRow[] = [];
  for (const posts of points) {
    for (const site of [OURS, STOCK]) {
      const name = site.name === 'ours' ? 'ours' : 'stock';
      log(`scale: ${name} with ${posts} posts`);
      const dir = grownCopy(site, posts);
      try {
        const {seconds, peakRssMiB} = timedBuild(dir);
        rows.push({
          site: name,
          posts,
          seconds,
          peakRssMiB,
          ...(await weigh(site, join(dir, 'build'))),
        });
      } finally {
        rmSync(dir, {recursive: true, force: true});
      }
    }
  }
  return rows;
}

/** The site directory of a scale copy, for other benches that want one (bench:search). */
export function scaleSite(extraPosts: number, name = `scale-${extraPosts}`): string {
  const dir = copySite(join(TMP, name));
  writeFilledPosts(join(dir, 'blog'), extraPosts, '2020-01-01');
  return dir;
}
