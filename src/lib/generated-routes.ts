/**
 * Docusaurus's generated route table (`.docusaurus/routes.js`) and route
 * chunk names (`routesChunkNames.json`) read as data, for the plugins that
 * work out which routes and chunks a page needs (lazy-routes,
 * route-chunk-scripts). Their shapes are in src/contract/core.ts.
 */

/** A route of `routes.js`, with `ComponentCreator(path, hash)` read as its key. */
export type RouteNode = Readonly<{
  path: string;
  exact?: boolean;
  key: string;
  routes?: readonly RouteNode[];
}>;

export type ChunkNames = string | {[key: string]: ChunkNames} | ChunkNames[];

/**
 * Reads `routes.js` (an ES module of object literals and `ComponentCreator`
 * calls) as data: imports dropped, each `ComponentCreator(path, hash)` becomes
 * the key `path-hash` that `routesChunkNames.json` uses.
 */
export function parseRoutes(source: string): RouteNode[] {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/export default/, 'return')
    .replace(/component: ComponentCreator\(('[^']*'), '([^']*)'\)/g, "key: $1 + '-$2'")
    .replace(/component: ComponentCreator\(('[^']*')\)/g, 'key: $1');
  if (/ComponentCreator|import\(/.test(body)) {
    throw new Error('routes.js has a form this site does not read');
  }
  return new Function(body)() as RouteNode[];
}

/** A static route path matches as react-router-config does (first match per level). */
function matches(route: RouteNode, pathname: string): boolean {
  if (route.path === '*') return true;
  if (/[:(*?]/.test(route.path)) throw new Error(`route ${route.path} has parameters`);
  if (route.exact) return pathname === route.path || pathname === `${route.path}/`;
  const prefix = route.path.endsWith('/') ? route.path : `${route.path}/`;
  return pathname === route.path || pathname.startsWith(prefix) || route.path === '/';
}

/** The branch of routes a pathname renders, outermost first. */
export function matchBranch(routes: readonly RouteNode[], pathname: string): RouteNode[] {
  const route = routes.find((r) => matches(r, pathname));
  if (!route) return [];
  return [route, ...(route.routes ? matchBranch(route.routes, pathname) : [])];
}

/** Every chunk name of a route's entry in `routesChunkNames.json`. */
export function chunkNamesOf(names: ChunkNames | undefined): string[] {
  if (names === undefined) return [];
  if (typeof names === 'string') return [names];
  return (Array.isArray(names) ? names : Object.values(names)).flatMap(chunkNamesOf);
}
