import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {parseRoutes} from '../route-chunk-scripts/routes';
import {readChunkFiles} from '../route-chunk-scripts/chunkFiles';
import {
  chunkNamesModule,
  entryModule,
  manifestPath,
  parseRegistry,
  planLazyRoutes,
  registryModule,
  routesModule,
  type LazyRoute,
  type RouteManifest,
  type RoutesChunkNames,
} from './plan';

const DIR = 'lazy-routes';
/** Core's client modules that import `./preload`. */
const PRELOAD_ISSUER =
  /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/](clientEntry|PendingNavigation)\.js$/;
const PLAN = 'lazy-routes.json';

/** The lazy routes of the last production build (read by route-chunk-scripts). */
export function readLazyRoutes(generatedFilesDir: string): LazyRoute[] {
  try {
    return JSON.parse(readFileSync(path.join(generatedFilesDir, DIR, PLAN), 'utf8')) as LazyRoute[];
  } catch {
    return [];
  }
}

/** The generated module each `@generated/…` import resolves to in the browser bundle. */
const REPLACED = {
  routes: /^@generated\/routes$/,
  registry: /^@generated\/registry$/,
  routesChunkNames: /^@generated\/routesChunkNames$/,
} as const;

/**
 * Keeps the route table, the chunk registry and the route-to-chunk map of
 * `main.js` the same size however many posts the blog has.
 *
 * Docusaurus 3.7.0 puts every route in all three, so each post adds some
 * 155 B gzip to every page. In the browser bundle only (the server render
 * keeps the full table), the top-level page routes other than the home page
 * leave it: each becomes a bundler entry of its own, with the route's own
 * modules (its Markdown and route props), a small manifest in
 * `build/__routes/<path>.json`, and nothing in `main.js`. The catch-all route
 * looks a path up in its manifest when a reader goes to it (a 404 there means
 * the not-found page), and the page's own HTML lists its entry, so the first
 * load needs no manifest. Shared modules (page components, plugin data)
 * stay in the main registry, loaded as before. See client/lazyRoutes.ts.
 *
 * Development builds keep Docusaurus's own tables: they are regenerated on
 * every content change, and the dev server never pays per page.
 */
export default function lazyRoutesPlugin(context: LoadContext): Plugin {
  const dir = path.join(context.generatedFilesDir, DIR);
  const baseUrl = context.siteConfig.baseUrl;
  return {
    name: 'lazy-routes',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const generated = (file: string) =>
        readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
      const routes = parseRoutes(generated('routes.js'));
      const registry = parseRegistry(generated('registry.js'));
      const chunkNames = JSON.parse(generated('routesChunkNames.json')) as RoutesChunkNames;
      const plan = planLazyRoutes(routes, chunkNames, registry, baseUrl);

      mkdirSync(path.join(dir, 'entries'), {recursive: true});
      const files = {
        routes: path.join(dir, 'routes.js'),
        registry: path.join(dir, 'registry.js'),
        routesChunkNames: path.join(dir, 'routesChunkNames.json'),
      };
      writeFileSync(files.routes, routesModule(plan.shell));
      writeFileSync(files.registry, registryModule(registry, plan.registryKeys));
      writeFileSync(files.routesChunkNames, chunkNamesModule(chunkNames, plan.shell));
      writeFileSync(path.join(dir, PLAN), JSON.stringify(plan.lazy));

      const entries: Record<string, {import: string[]; dependOn: string}> = {};
      for (const route of plan.lazy) {
        const file = path.join(dir, 'entries', `${route.entry}.js`);
        writeFileSync(file, entryModule(route, chunkNames, registry));
        entries[route.entry] = {import: [file], dependOn: 'main'};
      }
      // Docusaurus gives the client one unnamed entry, which the bundler calls main.
      const main = config.entry;
      if (typeof main !== 'string') throw new Error('lazy-routes: unexpected client entry');
      config.entry = {main, ...entries};

      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const clientManifest = path.join(context.generatedFilesDir, 'client-manifest.json');
      return {
        plugins: [
          // The page template lists every entry of the client manifest on every
          // page; a page lists its own route entry only (route-chunk-scripts).
          {
            apply(compiler: {hooks: {done: {tap: (name: string, fn: () => void) => void}}}) {
              compiler.hooks.done.tap('lazy-routes', () => {
                const manifest = JSON.parse(readFileSync(clientManifest, 'utf8')) as {
                  entrypoints: string[];
                };
                manifest.entrypoints = manifest.entrypoints.filter((name) => !(name in entries));
                writeFileSync(clientManifest, JSON.stringify(manifest));
              });
            },
          },
          ...(Object.keys(REPLACED) as (keyof typeof REPLACED)[]).map(
            (name) =>
              new NormalModuleReplacementPlugin(REPLACED[name], (resource) => {
                resource.request = files[name];
              }),
          ),
          // Core's preload, for the two modules that call it.
          new NormalModuleReplacementPlugin(/^\.\/preload$/, (resource) => {
            if (PRELOAD_ISSUER.test(resource.contextInfo.issuer)) {
              resource.request = path.resolve(__dirname, 'client/preload.ts');
            }
          }),
        ],
      };
    },
    async postBuild({outDir}) {
      const lazy = readLazyRoutes(context.generatedFilesDir);
      const chunkFiles = readChunkFiles(context.generatedFilesDir);
      for (const route of lazy) {
        const manifest: RouteManifest = {
          files: (chunkFiles[route.entry] ?? []).map((file) => `${baseUrl}${file}`),
          chunks: route.sharedKeys,
        };
        if (manifest.files.length === 0) {
          throw new Error(`lazy-routes: the build has no files for ${route.path}`);
        }
        const file = path.join(outDir, manifestPath(route.path, baseUrl));
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, JSON.stringify(manifest));
      }
    },
  };
}
