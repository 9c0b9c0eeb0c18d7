/**
 * Which routes leave the route table of `main.js`, and the modules that stand
 * in for Docusaurus's generated `routes.js`, `registry.js` and
 * `routesChunkNames.json` in the browser bundle. Pure functions of the
 * generated files' text, so they can be tested without a build.
 */
import {createHash} from 'node:crypto';
import type {LazyRoute} from '../../lib/build-files';
import {
  chunkNamesOf,
  matchBranch,
  type ChunkNames,
  type RouteNode,
} from '../../lib/generated-routes';

export type RoutesChunkNames = Record<string, NonNullable<ChunkNames>>;

export type Plan = Readonly<{
  shell: readonly RouteNode[];
  lazy: readonly LazyRoute[];
  /** Registry keys the browser bundle's own registry keeps. */
  registryKeys: ReadonlySet<string>;
  /** Of those, the keys of Markdown with an article file, with the path of the route that has it. */
  articleKeys: ReadonlyMap<string, string>;
}>;

/** `"key": [() => import(...), "module", require.resolveWeak("module")],` lines of registry.js. */
const REGISTRY_LINE =
  /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ ("(?:[^"\\]|\\.)*")\)/;

/** Registry key → module path, read from `registry.js`. */
export function parseRegistry(source: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const line of source.split('\n')) {
    const match = REGISTRY_LINE.exec(line);
    if (match?.[1] && match[2]) modules.set(match[1], JSON.parse(match[2]) as string);
  }
  if (modules.size === 0 && /import\(/.test(source)) {
    throw new Error('registry.js has a form the lazy-routes plugin does not read');
  }
  return modules;
}

/**
 * A route's own data: the Markdown it renders (a post, or a post's truncated
 * excerpt on a list page) and the props Docusaurus writes for that one route
 * (`<plugin>/<id>/p/*.json`). Components, plugin data and sidebars are shared
 * by many routes and stay in the main registry.
 */
export function isRouteData(modulePath: string): boolean {
  return /\.mdx?(\?.*)?$/.test(modulePath) || /\/p\/[^/]+\.json$/.test(modulePath);
}

/** A short stable name for a route's entry. */
export function entryName(path: string): string {
  return `route-${createHash('sha1').update(path).digest('hex').slice(0, 10)}`;
}

/**
 * Splits the top level of the route table. A top-level exact route other than
 * the home page and the catch-all becomes lazy, unless a route that stays
 * would also match its path (the order of the table would then decide). The
 * home page, nested route trees (docs) and the catch-all stay in `main.js`.
 */
export function planLazyRoutes(
  routes: readonly RouteNode[],
  chunkNames: RoutesChunkNames,
  registry: ReadonlyMap<string, string>,
  baseUrl: string,
  /** Whether a module (a registry path) is Markdown with an article file: a page's, or its preview. */
  isArticle: (modulePath: string) => boolean = () => false,
): Plan {
  const candidates = routes.filter(
    (route) =>
      route.exact === true && route.path !== baseUrl && route.path !== '*' && !route.routes,
  );
  const others = routes.filter((route) => !candidates.includes(route) && route.path !== '*');
  const lazyRoutes = candidates.filter((route) => matchBranch(others, route.path).length === 0);
  const shell = routes.filter((route) => !lazyRoutes.includes(route));

  const keysOf = (route: RouteNode): string[] =>
    chunkNamesOf(chunkNames[route.key]).filter((key) => registry.has(key));
  const shellKeys = new Set<string>();
  const collect = (nodes: readonly RouteNode[]) => {
    for (const node of nodes) {
      keysOf(node).forEach((key) => shellKeys.add(key));
      if (node.routes) collect(node.routes);
    }
  };
  collect(shell);

  // A shell route's Markdown with an article file (a page's, or a preview a
  // list shows): its registry entry fetches the route's article file too. A
  // preview on two such lists fetches the first's, which has it.
  const articleKeys = new Map<string, string>();
  const collectArticles = (nodes: readonly RouteNode[]) => {
    for (const node of nodes) {
      for (const key of chunkNamesOf(chunkNames[node.key])) {
        if (!articleKeys.has(key) && isArticle(registry.get(key) ?? '')) {
          articleKeys.set(key, node.path);
        }
      }
      if (node.routes) collectArticles(node.routes);
    }
  };
  collectArticles(shell);

  const registryKeys = new Set(shellKeys);
  const lazy = lazyRoutes.map((route): LazyRoute => {
    const keys = [...new Set(keysOf(route))];
    const own = keys.filter((key) => !shellKeys.has(key) && isRouteData(registry.get(key) ?? ''));
    const shared = keys.filter((key) => !own.includes(key));
    shared.forEach((key) => registryKeys.add(key));
    return {
      path: route.path,
      key: route.key,
      entry: entryName(route.path),
      ownKeys: own,
      sharedKeys: shared,
      article: own.some((key) => isArticle(registry.get(key) ?? '')),
    };
  });
  return {shell, lazy, registryKeys, articleKeys};
}

// ---------------------------------------------------------------------------
// The modules that replace the generated files in the browser bundle.

const CLIENT = '@site/src/plugins/lazy-routes/client';

/** `path-hash` → the `ComponentCreator(path, hash)` call routes.js makes. */
function creatorCall(key: string): string {
  if (key === '*') return "ComponentCreator('*')";
  const cut = key.lastIndexOf('-');
  return `ComponentCreator(${JSON.stringify(key.slice(0, cut))}, ${JSON.stringify(key.slice(cut + 1))})`;
}

function routeSource(route: RouteNode, indent: string): string {
  const inner = `${indent}  `;
  const lines: string[] = [`${inner}path: ${JSON.stringify(route.path)}`];
  lines.push(
    route.path === '*'
      ? `${inner}component: LazyRoute`
      : `${inner}component: ${creatorCall(route.key)}`,
  );
  for (const [name, value] of Object.entries(route)) {
    if (name === 'path' || name === 'key' || name === 'routes') continue;
    lines.push(`${inner}${name}: ${JSON.stringify(value)}`);
  }
  if (route.routes) {
    lines.push(
      `${inner}routes: [\n${route.routes.map((r) => routeSource(r, `${inner}  `)).join(',\n')}\n${inner}]`,
    );
  }
  return `${indent}{\n${lines.join(',\n')}\n${indent}}`;
}

/**
 * The browser's route table: the routes that stay, with the catch-all's
 * component replaced by the one that looks up lazy routes (and shows the
 * not-found page when there is none).
 */
export function routesModule(shell: readonly RouteNode[]): string {
  if (!shell.some((route) => route.path === '*')) {
    throw new Error('routes.js has no catch-all route for the lazy routes to hang on');
  }
  return [
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    `import LazyRoute from '${CLIENT}/LazyRoute';`,
    '',
    `export default [\n${shell.map((route) => routeSource(route, '  ')).join(',\n')}\n];`,
    '',
  ].join('\n');
}

/**
 * The browser's registry: Docusaurus's entries for the keys it keeps. The
 * loader of a page's Markdown with an article file fetches the article too.
 */
export function registryModule(
  registry: ReadonlyMap<string, string>,
  keys: ReadonlySet<string>,
  articleKeys: ReadonlyMap<string, string> = new Map(),
): string {
  const lines = [...registry]
    .filter(([key]) => keys.has(key))
    .map(([key, modulePath]) => {
      const name = JSON.stringify(key);
      const module = JSON.stringify(modulePath);
      const load = `() => import(/* webpackChunkName: ${name} */ ${module})`;
      const path = articleKeys.get(key);
      const loader = path === undefined ? load : `withArticle(${JSON.stringify(path)}, ${load})`;
      return `  ${name}: [${loader}, ${module}, require.resolveWeak(${module})],`;
    });
  const imports = articleKeys.size ? `import {withArticle} from '${CLIENT}/lazyRoutes';\n\n` : '';
  return `${imports}export default {\n${lines.join('\n')}\n};\n`;
}

/** The browser's chunk names: the routes that stay. */
export function chunkNamesModule(
  chunkNames: RoutesChunkNames,
  shell: readonly RouteNode[],
): string {
  const kept: RoutesChunkNames = {};
  const keep = (nodes: readonly RouteNode[]) => {
    for (const node of nodes) {
      const names = chunkNames[node.key];
      if (names !== undefined) kept[node.key] = names;
      if (node.routes) keep(node.routes);
    }
  };
  keep(shell);
  return JSON.stringify(kept, null, 2);
}

/**
 * The one entry the lazy routes hang off: an import() of each route's module,
 * so each becomes a chunk of its own. The entry also imports main.js's own
 * entry (`mainEntry`), whose modules are then left out of the routes' chunks:
 * what a route's modules import that main.js has (React, the router, the
 * MDX provider, the theme's components) is not repeated in them. No page
 * loads this entry.
 */
export function lazyIndexModule(
  routes: readonly LazyRoute[],
  entryFiles: readonly string[],
  mainEntry: string,
): string {
  const imports = routes.map(
    (route, i) =>
      `  () => import(/* webpackChunkName: ${JSON.stringify(route.entry)} */ ${JSON.stringify(entryFiles[i])})`,
  );
  return [
    `import ${JSON.stringify(mainEntry)};`,
    '',
    `export default [\n${imports.join(',\n')}\n];`,
    '',
  ].join('\n');
}

/**
 * The module of a lazy route: exports what registers it (its path, its key in
 * `routesChunkNames`, its chunk names and its own modules). It imports nothing
 * of main.js's but its Markdown, so its chunk shares no chunk group with main.js.
 */
export function entryModule(
  route: LazyRoute,
  chunkNames: RoutesChunkNames,
  registry: ReadonlyMap<string, string>,
): string {
  const imports: string[] = [];
  const entries: string[] = [];
  route.ownKeys.forEach((key, i) => {
    const modulePath = JSON.stringify(registry.get(key));
    imports.push(`import * as m${i} from ${modulePath};`);
    entries.push(
      `    ${JSON.stringify(key)}: [() => Promise.resolve(m${i}), ${modulePath}, require.resolveWeak(${modulePath})]`,
    );
  });
  return [
    ...imports,
    '',
    'export default {',
    `  path: ${JSON.stringify(route.path)},`,
    `  key: ${JSON.stringify(route.key)},`,
    `  chunkNames: ${JSON.stringify(chunkNames[route.key] ?? {})},`,
    `  modules: {\n${entries.join(',\n')}\n  },`,
    '};',
    '',
  ].join('\n');
}
