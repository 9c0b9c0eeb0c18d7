/**
 * Stands in for @docusaurus/core 3.7.0 lib/client/docusaurus.js (see
 * index.ts). `preload` is unchanged. `prefetch` has the same rules: not on a
 * 2g connection or with data saver on, and once per route; it returns at once
 * and leaves the work (matching the route, finding its chunks, adding the
 * `<link rel=prefetch>` tags) to idle time, where each chunk is added once.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import flat from '@docusaurus/core/lib/client/flat';
import {routePath as lazyRoutePath} from '@site/src/lib/route-files';
// Lazy routes (src/plugins/lazy-routes) are not in the route table: their
// manifest names their files. Its preload stands in for core's. The one
// import of another plugin's code, through that plugin's client entry; with
// lazy-routes off no route is a LazyRoute, and its preload does what core's does.
import preloadHelper from '@site/src/plugins/lazy-routes/client/preload';
import LazyRoute from '@site/src/plugins/lazy-routes/client/LazyRoute';
import {
  articleUrlsOf,
  fetchManifest,
  manifestUrls,
} from '@site/src/plugins/lazy-routes/client/lazyRoutes';

declare const __webpack_require__: {gca: (chunkName: string) => string | undefined};

type Deadline = {timeRemaining: () => number};

const fetched = new Set<string>();
const loaded = new Set<string>();
/** Chunks already prefetched, or in the page: each is looked up and added once. */
const seenChunks = new Set<string>();
const queue: {routePath: string; done: () => void}[] = [];
const pendingUrls: string[] = [];
let scheduled = false;

/** Route path (without the hash suffix of its chunk-name key) → its chunk names. */
let chunkNamesByPath: Map<string, string[]> | undefined;

type NetworkInformation = {effectiveType?: string; saveData?: boolean};

const isSlowConnection = (): boolean => {
  const connection = (navigator as Navigator & {connection?: NetworkInformation}).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
};

function chunkNamesOf(path: string): string[] {
  if (!chunkNamesByPath) {
    chunkNamesByPath = new Map();
    for (const [nameWithHash, chunks] of Object.entries(routesChunkNames)) {
      // "/blog/2018/12/14/happy-birthday-fe9" → "/blog/2018/12/14/happy-birthday"
      const key = nameWithHash.replace(/-[^-]+$/, '');
      const names = Object.values(flat(chunks)) as string[];
      chunkNamesByPath.set(key, [...(chunkNamesByPath.get(key) ?? []), ...names]);
    }
  }
  return chunkNamesByPath.get(path) ?? [];
}

/**
 * The paths of the scripts the page has loaded or is loading: its boot list
 * and every chunk the runtime has added since. Prefetching one of them again
 * is a request (from the cache) and its main-thread tasks for nothing; the
 * route's own chunks are among them on every page.
 */
function pageScripts(): Set<string> {
  return new Set(
    Array.from(document.scripts, (script) => script.src && new URL(script.src).pathname),
  );
}

function addPrefetchLink(url: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

/** The URLs of the named chunks that are not prefetched yet. */
function urlsOfChunks(chunkNames: readonly string[]): string[] {
  const urls: string[] = [];
  for (const chunkName of chunkNames) {
    if (seenChunks.has(chunkName)) continue;
    seenChunks.add(chunkName);
    // The runtime's lookup builds a map of every chunk on each call: once per chunk.
    const url = __webpack_require__.gca(chunkName);
    // The bundler may have merged the chunk into another: nothing to fetch.
    if (url && !url.includes('undefined')) urls.push(url);
  }
  return urls;
}

/**
 * The chunk URLs of a route that are not prefetched yet, and its article
 * file's. A lazy route's come from its manifest, fetched now and queued when
 * it arrives.
 */
function chunkUrlsOf(path: string): string[] {
  const urls: string[] = [];
  for (const match of matchRoutes(routes, path)) {
    if (match.route.component === LazyRoute) {
      fetchManifest(lazyRoutePath(path)).then(
        (manifest) => {
          if (!manifest) return;
          const urls = manifestUrls(lazyRoutePath(path), manifest);
          pendingUrls.push(...urls.filter((url) => !seenChunks.has(url)));
          urls.forEach((url) => seenChunks.add(url));
          pendingUrls.push(...urlsOfChunks(manifest.shared));
          schedule();
        },
        // A prefetch is a hint: navigation asks again and reports a failure.
        () => {},
      );
      continue;
    }
    const chunkNames = chunkNamesOf(match.route.path as string);
    urls.push(...urlsOfChunks(chunkNames));
    for (const url of articleUrlsOf(chunkNames)) {
      if (!seenChunks.has(url)) urls.push(url);
      seenChunks.add(url);
    }
  }
  return urls;
}

/**
 * Works through the queue while the browser is idle, one small step (a route's
 * chunk lookup, or one `<link>`) at a time: starting a fetch costs the main
 * thread too, and a page has some 30 links to prefetch.
 */
function work(deadline?: Deadline): void {
  scheduled = false;
  const hasTime = () => !deadline || deadline.timeRemaining() > 1;
  const loaded = pageScripts();
  while (hasTime()) {
    const url = pendingUrls.shift();
    if (url) {
      if (!loaded.has(new URL(url, document.baseURI).pathname)) addPrefetchLink(url);
      continue;
    }
    const next = queue.shift();
    if (!next) return;
    pendingUrls.push(...chunkUrlsOf(next.routePath));
    next.done();
  }
  schedule();
}

function schedule(): void {
  if (scheduled || (queue.length === 0 && pendingUrls.length === 0)) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, {timeout: 2000});
  else setTimeout(work, 50);
}

type Docusaurus = Window['docusaurus'];
/** What the promise of `prefetch` and `preload` resolves to (`void[]`). */
type Settled = Awaited<Exclude<ReturnType<Docusaurus['prefetch']>, false>>;

/**
 * The path of a link's target: Docusaurus's Link passes its `to` whole, with
 * any `?query` and `#anchor` (a search result's heading), and routes (and
 * the lazy routes' preload this passes it to) take the path only: a route
 * file asked for with an anchor is asked for as the path before it.
 */
const linkPath = (link: string): string => link.replace(/[?#].*$/s, '');

const prefetch: Docusaurus['prefetch'] = (link) => {
  const routePath = linkPath(link);
  if (isSlowConnection() || loaded.has(routePath) || fetched.has(routePath)) return false;
  fetched.add(routePath);
  return new Promise<Settled>((resolve) => {
    queue.push({routePath, done: () => resolve([])});
    schedule();
  });
};

const preload: Docusaurus['preload'] = (link) => {
  const routePath = linkPath(link);
  if (isSlowConnection() || loaded.has(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath) as Promise<Settled>;
};

const docusaurus: Docusaurus = {prefetch, preload};

export default Object.freeze(docusaurus);
