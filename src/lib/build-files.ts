/**
 * The files one build leaves for the next step, in one place: what a plugin
 * writes into the generated files (`.docusaurus/`) for another to read, and
 * how a route's page is found in the build folder. The plugins that write and
 * read each file take its name and shape from here, so that no plugin
 * imports another. Node only (the browser's share is route-files.ts).
 *
 * - lazy-routes writes the client build's hash, its plan (the lazy routes)
 *   and each lazy route's chunks; route-chunk-scripts and article-once read
 *   them.
 * - article-once writes the candidates (the pages that may have an article
 *   file, and whose previews make one for the list pages that show them);
 *   lazy-routes reads them.
 * - route-chunk-scripts says whether it will name each lazy route's page
 *   (`data-route`); lazy-routes reads it.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {belowBaseUrl, type RouteManifest} from './route-files';

// ---------------------------------------------------------------------------
// lazy-routes → route-chunk-scripts, article-once

const LAZY_ROUTES_DIR = 'lazy-routes';
const PLAN = 'lazy-routes.json';
const CHUNKS = 'chunks.json';
const BUILD = 'build.json';

/** Where lazy-routes keeps what it generates (its own modules, and the files below). */
export const lazyRoutesDir = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, LAZY_ROUTES_DIR);

const lazyRoutesFile = (generatedFilesDir: string, name: string): string =>
  path.join(lazyRoutesDir(generatedFilesDir), name);

/** A route looked up when a reader goes to it, instead of listed in `main.js`. */
export type LazyRoute = Readonly<{
  path: string;
  /** `path-hash`, the route's key in `routesChunkNames.json`. */
  key: string;
  /** The bundler entry that carries the route's own modules. */
  entry: string;
  /** Registry keys whose modules travel in the route's entry. */
  ownKeys: readonly string[];
  /** Registry keys the route shares with others: they stay in the main registry. */
  sharedKeys: readonly string[];
  /**
   * Its page may have an article file: its Markdown, or a preview it lists,
   * is an article-once candidate's.
   */
  article: boolean;
}>;

/** Per lazy route's entry: its chunks and the module that registers it. */
export type RouteChunks = Record<string, Pick<RouteManifest, 'chunks' | 'files' | 'module'>>;

/** The lazy routes of this production build (lazy-routes is on). */
export function writeLazyRoutes(generatedFilesDir: string, routes: readonly LazyRoute[]): void {
  mkdirSync(lazyRoutesDir(generatedFilesDir), {recursive: true});
  writeFileSync(lazyRoutesFile(generatedFilesDir, PLAN), JSON.stringify(routes));
}

/** The lazy routes of the last production build, or none. */
export function readLazyRoutes(generatedFilesDir: string): LazyRoute[] {
  try {
    return JSON.parse(readFileSync(lazyRoutesFile(generatedFilesDir, PLAN), 'utf8')) as LazyRoute[];
  } catch {
    return [];
  }
}

/** Whether the last production build's browser bundle has lazy routes (lazy-routes is on). */
export function lazyRoutesActive(generatedFilesDir: string): boolean {
  return existsSync(lazyRoutesFile(generatedFilesDir, PLAN));
}

export function writeRouteChunks(generatedFilesDir: string, chunks: RouteChunks): void {
  writeFileSync(lazyRoutesFile(generatedFilesDir, CHUNKS), JSON.stringify(chunks));
}

/** The chunks of each lazy route in the last production build. */
export function readRouteChunks(generatedFilesDir: string): RouteChunks {
  return JSON.parse(readFileSync(lazyRoutesFile(generatedFilesDir, CHUNKS), 'utf8')) as RouteChunks;
}

/**
 * The hash of the last production build's browser bundle (`__webpack_hash__`
 * in the browser): every manifest and article file names it, so that a
 * reader still on an older bundle reloads instead of mixing two builds.
 */
export function writeBuildHash(generatedFilesDir: string, hash: string | undefined): void {
  writeFileSync(lazyRoutesFile(generatedFilesDir, BUILD), JSON.stringify({hash}));
}

export function readBuildHash(generatedFilesDir: string): string {
  const file = lazyRoutesFile(generatedFilesDir, BUILD);
  return (JSON.parse(readFileSync(file, 'utf8')) as {hash: string}).hash;
}

// ---------------------------------------------------------------------------
// route-chunk-scripts → lazy-routes

const routeChunkScriptsFile = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, 'route-chunk-scripts', 'active.json');

/** route-chunk-scripts is on in this build: it will write each lazy route's page its `data-route`. */
export function writeRouteChunkScriptsActive(generatedFilesDir: string): void {
  const file = routeChunkScriptsFile(generatedFilesDir);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, 'true');
}

/** Forgets an older build's: called when route-chunk-scripts is made, before it decides. */
export function clearRouteChunkScriptsActive(generatedFilesDir: string): void {
  rmSync(routeChunkScriptsFile(generatedFilesDir), {force: true});
}

/** Whether route-chunk-scripts is on in this build (its configureWebpack comes before lazy-routes'). */
export function routeChunkScriptsActive(generatedFilesDir: string): boolean {
  return existsSync(routeChunkScriptsFile(generatedFilesDir));
}

// ---------------------------------------------------------------------------
// article-once → lazy-routes

/**
 * Source file → permalink of every post and doc page: the pages that may have
 * an article file. A list page that shows a candidate's preview (its Markdown
 * with a query, `?truncated=true`) has one too, with the previews.
 */
export type Candidates = Record<string, string>;

export const candidatesFile = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, 'article-once', 'candidates.json');

export function writeCandidates(generatedFilesDir: string, candidates: Candidates): void {
  const file = candidatesFile(generatedFilesDir);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, JSON.stringify(candidates));
}

/** The candidates of this build (none when article-once is off or not there). */
export function readCandidates(generatedFilesDir: string): Candidates {
  try {
    return JSON.parse(readFileSync(candidatesFile(generatedFilesDir), 'utf8')) as Candidates;
  } catch {
    return {};
  }
}

/**
 * A module path as the generated registry writes it (`@site/docs/intro.md`,
 * `@site/blog/a.md?truncated=true`), as a file: the query is no part of it.
 */
export const moduleFile = (modulePath: string, siteDir: string): string => {
  const file = modulePath.replace(/\?.*$/s, '');
  return file.startsWith('@site/') ? path.join(siteDir, file.slice('@site/'.length)) : file;
};

// ---------------------------------------------------------------------------
// The pages of the build folder

/** Every HTML page of a build, as paths relative to it, sorted. */
export function builtPages(outDir: string): string[] {
  return readdirSync(outDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The files a route's page may be, relative to the build (`a/b.html`, or `a/b/index.html` with trailing slashes). */
export function pageFileNames(routePath: string, baseUrl: string): string[] {
  const relative = belowBaseUrl(routePath, baseUrl);
  return relative ? [`${relative}.html`, path.join(relative, 'index.html')] : ['index.html'];
}

/** The built page of a route path (which starts with the base URL), or undefined. */
export function pageFile(outDir: string, routePath: string, baseUrl: string): string | undefined {
  return pageFileNames(routePath, baseUrl)
    .map((name) => path.join(outDir, name))
    .find((file) => existsSync(file));
}

/** The text of a route's built page; throws, naming the files it looked for, when there is none. */
export async function readPage(
  outDir: string,
  routePath: string,
  baseUrl: string,
): Promise<string> {
  const file = pageFile(outDir, routePath, baseUrl);
  if (file === undefined) {
    throw new Error(
      `no built page for ${routePath} (${pageFileNames(routePath, baseUrl).join(', ')})`,
    );
  }
  return readFile(file, 'utf8');
}

/** The route path a built page is served at (`docs/intro.html` → `<baseUrl>docs/intro`). */
export function pageRoute(file: string, baseUrl: string): string {
  const relative = file
    .replace(/\\/g, '/')
    .replace(/(?:^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return `${baseUrl}${relative}`;
}
