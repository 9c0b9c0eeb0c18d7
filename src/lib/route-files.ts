/**
 * The files a route has in the build besides its HTML page, by route path:
 * its manifest (written by src/plugins/lazy-routes) and its article file
 * (written by src/plugins/article-once: a page's article, or a list page's
 * previews), both fetched by the browser. The plugins that write them and
 * the browser code that reads them take the names and shapes from here. No
 * Node.js: the browser bundle imports it.
 */

/** Where the lazy routes' manifests are, under the base URL. */
export const MANIFEST_DIR = '__routes';
/** Where the pages' article files are, under the base URL. */
export const ARTICLE_DIR = '__articles';

/** A route path below the base URL, without slashes at its end (`''` for the home page). */
export const belowBaseUrl = (routePath: string, baseUrl: string): string =>
  routePath.slice(baseUrl.length).replace(/\/+$/, '');

const routeFile = (dir: string, routePath: string, baseUrl: string): string =>
  `${dir}/${belowBaseUrl(routePath, baseUrl) || 'index'}.json`;

/** A lazy route's manifest, relative to the build folder (and to the base URL). */
export const manifestPath = (routePath: string, baseUrl: string): string =>
  routeFile(MANIFEST_DIR, routePath, baseUrl);

/** A page's article file, relative to the build folder (and to the base URL). */
export const articlePath = (routePath: string, baseUrl: string): string =>
  routeFile(ARTICLE_DIR, routePath, baseUrl);

/** What a lazy route's manifest holds. */
export type RouteManifest = Readonly<{
  /** Ids of the chunks that hold the route's own modules. */
  chunks: readonly (string | number)[];
  /** Their JS files, relative to the base URL, in the same order. */
  files: readonly string[];
  /** The id of the module that registers the route (its entry module). */
  module: string | number;
  /** Chunk names of the shared modules it needs (for prefetching). */
  shared: readonly string[];
  /** The hash of the client build that wrote it (`__webpack_hash__` in the browser). */
  build: string;
  /** The page has an article file. */
  article?: true;
  /** The page's JSON-LD, as the server computed it. */
  jsonLd?: string;
}>;

/**
 * What an article file holds. A post's or doc's: the article's HTML, or none
 * when the page renders it itself. A list page's: the HTML of each preview
 * it shows as the server's, by post path (a preview rendered in the browser
 * is not there).
 */
export type ArticleFile = Readonly<{
  build: string;
  html?: string;
  previews?: Readonly<Record<string, string>>;
}>;

/** A URL path as the route table writes it: no `.html`, no trailing slash. */
export function routePath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/(.)\/+$/, '$1');
  return path || '/';
}

/** The route path of the page the browser shows, decoded (an undecodable one as it is). */
export function currentRoutePath(): string {
  const {pathname} = window.location;
  try {
    return routePath(decodeURI(pathname));
  } catch {
    return routePath(pathname);
  }
}
