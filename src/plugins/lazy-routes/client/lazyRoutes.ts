/**
 * The browser side of lazy routes (see ../index.ts): a route that is not in
 * the route table of `main.js` is found through its manifest,
 * `<baseUrl>__routes/<path>.json`, which names the route's entry file and the
 * shared chunks it uses. The entry registers the route's chunk names and its
 * own modules here; from then on Docusaurus's `ComponentCreator` loads and
 * renders the route exactly as it does a route of the table.
 */
import type {ComponentType} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import siteConfig from '@generated/docusaurus.config';
import type {RouteChunkNames} from '@docusaurus/types';

type Registry = typeof registry;
type Manifest = Readonly<{files: readonly string[]; chunks: readonly string[]}>;
/** The props a route's component gets from the router. */
export type RouteProps = {location: {pathname: string}};
/** What a lazy route resolves to: its page, or the not-found page. */
export type RouteComponent = ComponentType<RouteProps> & {preload?: () => Promise<unknown>};

const {baseUrl} = siteConfig;
/** path → `path-hash` key of the routes that have registered. */
const registered = new Map<string, string>();
const onRegister = new Map<string, () => void>();
const manifests = new Map<string, Promise<Manifest | null>>();
const scripts = new Map<string, Promise<void>>();
let notFound: RouteComponent | undefined;

/** Called by each lazy route's entry when its file runs. */
export function registerRoute(
  path: string,
  key: string,
  chunkNames: RouteChunkNames[string],
  modules: Registry,
): void {
  Object.assign(routesChunkNames, {[key]: chunkNames});
  Object.assign(registry, modules);
  registered.set(path, key);
  onRegister.get(path)?.();
  onRegister.delete(path);
}

function whenRegistered(path: string): Promise<void> {
  if (registered.has(path)) return Promise.resolve();
  return new Promise((resolve) => onRegister.set(path, resolve));
}

/**
 * The error a failed load reports: the same name and wording as the bundler's
 * own, so a failed route reads like any other failed chunk.
 */
function chunkLoadError(what: string, url: string, cause: string): Error {
  const error = new Error(`Loading chunk ${what} failed.\n(${cause}: ${url})`);
  error.name = 'ChunkLoadError';
  return error;
}

/** A path as the route table writes it: decoded, no `.html`, no trailing slash. */
export function routePath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/(.)\/+$/, '$1');
  return path || '/';
}

export function manifestUrl(path: string): string {
  const relative = path.slice(baseUrl.length).replace(/\/+$/, '') || 'index';
  return `${baseUrl}__routes/${encodeURI(relative)}.json`;
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
        return (await response.json()) as Manifest;
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

function loadScript(url: string): Promise<void> {
  let loaded = scripts.get(url);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        scripts.delete(url);
        reject(chunkLoadError(url, url, 'missing'));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loaded);
  }
  return loaded;
}

/** The page's path, decoded; an undecodable one is left for the router to reject. */
function decodedPathname(): string {
  try {
    return decodeURI(window.location.pathname);
  } catch {
    return window.location.pathname;
  }
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
        path: routePath(decodedPathname()),
        route: document.querySelector('script[data-route]')?.getAttribute('data-route') ?? null,
      };

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
    if (path === thisPage?.route) {
      // The page lists its entry beside the bundle: it registers once it has run.
      await whenRegistered(path);
    } else if (path === thisPage?.path) {
      // The server answered this very path with a page that is no lazy route.
      return notFoundPage();
    } else {
      const manifest = await fetchManifest(path);
      if (!manifest) return notFoundPage();
      const registering = whenRegistered(path);
      await Promise.all(manifest.files.map(loadScript));
      await registering;
    }
  }
  const key = registered.get(path) ?? '';
  const cut = key.lastIndexOf('-');
  const component = ComponentCreator(key.slice(0, cut), key.slice(cut + 1)) as RouteComponent;
  await component.preload?.();
  return component;
}
