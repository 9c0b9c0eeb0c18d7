/**
 * The browser side of lazy routes (see ../index.ts): a route that is not in
 * the route table of `main.js` is found through its manifest,
 * `<baseUrl>__routes/<path>.json`: its chunks (ids and files), the id of the
 * module that registers it, and the shared chunks it uses. main.js's runtime
 * loads those chunks as it loads its own, once told their files; the module
 * then registers the route's chunk names and own modules here, and from then
 * on Docusaurus's `ComponentCreator` loads and renders the route exactly as
 * it does a route of the table.
 */
import type {ComponentType} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import siteConfig from '@generated/docusaurus.config';
import type {RouteChunkNames} from '@docusaurus/types';
import {setArticle, setPreview} from '@site/src/lib/article-store';
import {
  articlePath,
  currentRoutePath,
  manifestPath,
  type ArticleFile,
  type RouteManifest as Manifest,
} from '@site/src/lib/route-files';

type Registry = typeof registry;
type Id = string | number;

/** The hash of this client build, which every manifest and article file names. */
declare const __webpack_hash__: string;
/** The bundler's runtime: chunk loading, chunk file names, module require. */
declare const __webpack_require__: {
  (id: Id): unknown;
  e: (chunkId: Id) => Promise<void>;
  u: (chunkId: Id) => string;
};
/** The props a route's component gets from the router. */
export type RouteProps = {location: {pathname: string}};
/** What a lazy route resolves to: its page, or the not-found page. */
export type RouteComponent = ComponentType<RouteProps> & {preload?: () => Promise<unknown>};

const {baseUrl} = siteConfig;
/** path → `path-hash` key of the routes that have registered. */
const registered = new Map<string, string>();
const manifests = new Map<string, Promise<Manifest | null>>();
/** Each lazy route's JSON-LD, as the server computed it (the page's, or its manifest's). */
const jsonLds = new Map<string, string>();
const articleFiles = new Map<string, Promise<void>>();
let notFound: RouteComponent | undefined;

/** Files of the lazy routes' chunks, which main.js's runtime does not list. */
const chunkFiles = new Map<Id, string>();
if (typeof __webpack_require__ !== 'undefined') {
  const fileOf = __webpack_require__.u;
  __webpack_require__.u = (chunkId) => chunkFiles.get(chunkId) ?? fileOf(chunkId);
}

/** What a lazy route's module exports (src/plugins/lazy-routes/plan.ts). */
type Registration = Readonly<{
  path: string;
  key: string;
  chunkNames: RouteChunkNames[string];
  modules: Registry;
}>;

/** Adds a lazy route's chunk names and own modules to the tables ComponentCreator reads. */
function registerRoute({path, key, chunkNames, modules}: Registration): void {
  Object.assign(routesChunkNames, {[key]: chunkNames});
  Object.assign(registry, modules);
  registered.set(path, key);
}

/**
 * The error a failed manifest fetch reports: the same name and wording as the
 * bundler's own, so a failed route reads like any other failed chunk.
 */
function chunkLoadError(what: string, url: string, cause: string): Error {
  const error = new Error(`Loading chunk ${what} failed.\n(${cause}: ${url})`);
  error.name = 'ChunkLoadError';
  return error;
}

/** `<baseUrl>__routes/<path>.json`, as lazy-routes writes them. */
export const manifestUrl = (path: string): string =>
  `${baseUrl}${encodeURI(manifestPath(path, baseUrl))}`;
/** `<baseUrl>__articles/<path>.json`, as article-once writes them. */
export const articleUrl = (path: string): string =>
  `${baseUrl}${encodeURI(articlePath(path, baseUrl))}`;

/**
 * A file this build wrote must name this build: after a deploy, a reader
 * still on the old bundle gets the same error as for a chunk the deploy
 * removed, and the page reloads (PendingNavigation) into the new build.
 */
function checkBuild(file: {build?: string}, path: string, url: string): void {
  if (typeof __webpack_hash__ !== 'undefined' && file.build !== __webpack_hash__) {
    throw chunkLoadError(path, url, `written by another build (${file.build ?? 'none'})`);
  }
}

/** The route's manifest, or null when the site has no such page (404). */
export function fetchManifest(path: string): Promise<Manifest | null> {
  let manifest = manifests.get(path);
  if (!manifest) {
    const url = manifestUrl(path);
    manifest = fetch(url).then(
      async (response) => {
        if (response.status === 404) return null;
        if (!response.ok) throw chunkLoadError(path, url, `HTTP ${response.status}`);
        const manifest = (await response.json()) as Manifest;
        checkBuild(manifest, path, url);
        return manifest;
      },
      () => {
        throw chunkLoadError(path, url, 'network error');
      },
    );
    // A failed fetch is asked again next time (a flaky network, a Retry).
    manifest.catch(() => manifests.delete(path));
    manifests.set(path, manifest);
  }
  return manifest;
}

/** What to prefetch for a route: its chunk files and its article file, as URLs. */
export const manifestUrls = (path: string, manifest: Manifest): string[] => [
  ...manifest.files.map((file) => `${baseUrl}${file}`),
  ...(manifest.article ? [articleUrl(path)] : []),
];

/**
 * Loads the article file of a page whose article, or a list page whose
 * previews, are the server's HTML (this page's own are in the store already,
 * captured from it). Like a manifest, a failed fetch is asked again next time.
 */
export function fetchArticle(path: string): Promise<void> {
  if (path === thisPage?.path) return Promise.resolve();
  let loaded = articleFiles.get(path);
  if (!loaded) {
    const url = articleUrl(path);
    loaded = fetch(url).then(
      async (response) => {
        if (!response.ok) throw chunkLoadError(path, url, `HTTP ${response.status}`);
        const file = (await response.json()) as ArticleFile;
        checkBuild(file, path, url);
        if (file.html !== undefined) setArticle(path, file.html);
        for (const [post, preview] of Object.entries(file.previews ?? {}))
          setPreview(post, preview);
      },
      () => {
        throw chunkLoadError(path, url, 'network error');
      },
    );
    loaded.catch(() => articleFiles.delete(path));
    articleFiles.set(path, loaded);
  }
  return loaded;
}

/** A registry loader that also loads its route's article file (plan.ts registryModule). */
type ArticleLoader<T> = (() => Promise<T>) & {readonly articlePath: string};

/**
 * The registry loader for Markdown with an article file (a page's, or a
 * preview on a list): the module and the route's article file load side by
 * side. Called while the registry module is evaluated, so it only wraps
 * (nothing of this module is read then).
 */
export function withArticle<T>(path: string, load: () => Promise<T>): ArticleLoader<T> {
  const loader = () => Promise.all([load(), fetchArticle(path)]).then(([module]) => module);
  return Object.assign(loader, {articlePath: path});
}

/** The article files of these registry entries (a route's chunk names), as URLs. */
export function articleUrlsOf(chunkNames: readonly string[]): string[] {
  return chunkNames.flatMap((name) => {
    const loader = registry[name]?.[0] as Partial<ArticleLoader<unknown>> | undefined;
    return loader?.articlePath === undefined ? [] : [articleUrl(loader.articlePath)];
  });
}

/** Loads a route's chunks through the runtime, then runs the module that registers it. */
async function loadManifest(manifest: Manifest): Promise<void> {
  manifest.chunks.forEach((id, i) => chunkFiles.set(id, manifest.files[i] ?? ''));
  await Promise.all(manifest.chunks.map((id) => __webpack_require__.e(id)));
  registerRoute((__webpack_require__(manifest.module) as {default: Registration}).default);
}

/**
 * What the server's HTML says of the page it was rendered for: the lazy
 * route it lists the entry of (`data-route`), or none (another page, or the
 * not-found page, which the server answers for a path it has no page for).
 */
const thisPage =
  typeof document === 'undefined'
    ? undefined
    : {
        path: currentRoutePath(),
        route: JSON.parse(
          document.querySelector('script[data-route]')?.getAttribute('data-route') ?? 'null',
        ) as (Manifest & {path: string}) | null,
      };
if (thisPage?.route) {
  const jsonLd = document.querySelector('script[type="application/ld+json"]')?.textContent;
  if (jsonLd) jsonLds.set(thisPage.route.path, jsonLd);
}

/**
 * A lazy route's JSON-LD as the server computed it, for the theme's
 * structured data components (their `.browser.ts` hooks): only crawlers read
 * it, from the server's HTML, so the browser does not compute it again.
 */
export const serverJsonLd = (path: string): string | undefined => jsonLds.get(path);

async function notFoundPage(): Promise<RouteComponent> {
  notFound ??= ComponentCreator('*', '') as RouteComponent;
  await notFound.preload?.();
  return notFound;
}

/**
 * Loads a lazy route: its entry registers it, then its shared chunks load
 * through the registry. Resolves to the route's component, preloaded, or to
 * the not-found page when there is no such route.
 */
export async function loadRoute(path: string): Promise<RouteComponent> {
  if (!registered.has(path)) {
    // The page's own route: its HTML carries the manifest and lists the chunks.
    const manifest =
      path === thisPage?.route?.path
        ? thisPage.route
        : path === thisPage?.path
          ? // The server answered this very path with a page that is no lazy route.
            null
          : await fetchManifest(path);
    if (!manifest) return notFoundPage();
    if (manifest.jsonLd !== undefined) jsonLds.set(path, manifest.jsonLd);
    await Promise.all([loadManifest(manifest), manifest.article ? fetchArticle(path) : null]);
  }
  const key = registered.get(path) ?? '';
  const cut = key.lastIndexOf('-');
  const component = ComponentCreator(key.slice(0, cut), key.slice(cut + 1)) as RouteComponent;
  await component.preload?.();
  return component;
}
