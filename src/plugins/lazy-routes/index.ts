import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, forcedBreak, switchedOff} from '../../contract';
import {
  lazyRoutesDir,
  moduleFile,
  readBuildHash,
  readCandidates,
  readLazyRoutes,
  readPage,
  readRouteChunks,
  routeChunkScriptsActive,
  writeBuildHash,
  writeLazyRoutes,
  writeRouteChunks,
  type RouteChunks,
} from '../../lib/build-files';
import {parseRoutes} from '../../lib/generated-routes';
import {manifestPath, type RouteManifest} from '../../lib/route-files';
import contract from './assumptions';
import {pageJsonLd} from './jsonLd';
import {
  chunkNamesModule,
  entryModule,
  lazyIndexModule,
  parseRegistry,
  planLazyRoutes,
  registryModule,
  routesModule,
  type RoutesChunkNames,
} from './plan';

/** Core's client modules that import `./preload`. */
const PRELOAD_ISSUER =
  /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/](clientEntry|PendingNavigation)\.js$/;
/** The entry that carries every lazy route's chunks; no page loads it. */
const INDEX_ENTRY = 'lazy-routes';
/** The check of the generated files it reads (CONTRACT_BREAK names it `lazy-routes › generated files`). */
const GENERATED_FILES = 'generated files';
/** `./use…JsonLd`: a theme component's structured data hook, which has a browser version. */
const JSON_LD_HOOK = /^\.\/use\w*JsonLd$/;

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
 * leave them. Each such route gets a module of its own (its Markdown and
 * route props, and what registers it), and all of them hang off one extra
 * entry with a runtime of its own that no page loads, so main.js's runtime
 * lists none of their chunks. A small manifest per route,
 * `build/__routes/<path>.json`, names the route's chunks and module; the
 * catch-all route fetches it when a reader goes to the route (a 404 there
 * means the not-found page) and has main.js's runtime load the chunks. A
 * page's own HTML lists its route's chunks and carries its manifest, so the
 * first load fetches nothing more. Shared modules (page components, plugin
 * data) stay in the main registry, loaded as before. See client/lazyRoutes.ts.
 *
 * Development builds keep Docusaurus's own tables: they are regenerated on
 * every content change, and the dev server never pays per page.
 *
 * On a Docusaurus that breaks one of its assumptions (assumptions.ts), or
 * whose generated files it cannot read, or when route-chunk-scripts is off
 * (a lazy route's page needs the `data-route` it writes), the plugin
 * switches itself off with a warning and the site keeps Docusaurus's own
 * route table.
 */
export default function lazyRoutesPlugin(context: LoadContext): Plugin {
  const dir = lazyRoutesDir(context.generatedFilesDir);
  const baseUrl = context.siteConfig.baseUrl;
  const themeDir = path.join(context.siteDir, 'src', 'theme') + path.sep;
  let off = false;
  const switchOff = (reason: string) => {
    off = true;
    // No plan, no chunk list: route-chunk-scripts must not read an old build's.
    rmSync(dir, {recursive: true, force: true});
    switchedOff('lazy-routes', reason, "main.js keeps Docusaurus's own route table.");
  };
  return {
    name: 'lazy-routes',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const broken = firstBroken(contract, context.siteDir);
      if (broken) {
        switchOff(broken);
        return {};
      }
      // A lazy route's page names its route in `data-route` (route-chunk-scripts writes it):
      // without it, the bundle would take the page for the not-found page.
      if (!routeChunkScriptsActive(context.generatedFilesDir)) {
        switchOff(
          'route-chunk-scripts is off, and with it the data-route that names a page’s lazy route',
        );
        return {};
      }
      const generated = (file: string) =>
        readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
      let plan: ReturnType<typeof planLazyRoutes>;
      let registry: ReturnType<typeof parseRegistry>;
      let chunkNames: RoutesChunkNames;
      try {
        // A break forced by CONTRACT_BREAK takes the path of a file that does not parse.
        const forced = forcedBreak('lazy-routes', GENERATED_FILES);
        if (forced) throw new Error(forced);
        const routes = parseRoutes(generated('routes.js'));
        registry = parseRegistry(generated('registry.js'));
        chunkNames = JSON.parse(generated('routesChunkNames.json')) as RoutesChunkNames;
        const candidates = readCandidates(context.generatedFilesDir);
        const isArticle = (modulePath: string) =>
          moduleFile(modulePath, context.siteDir) in candidates;
        plan = planLazyRoutes(routes, chunkNames, registry, baseUrl, isArticle);
        if (typeof config.entry !== 'string') throw new Error('the client entry is not one string');
      } catch (error) {
        switchOff(`generated files: ${(error as Error).message}`);
        return {};
      }

      mkdirSync(path.join(dir, 'entries'), {recursive: true});
      const files = {
        routes: path.join(dir, 'routes.js'),
        registry: path.join(dir, 'registry.js'),
        routesChunkNames: path.join(dir, 'routesChunkNames.json'),
      };
      writeFileSync(files.routes, routesModule(plan.shell));
      writeFileSync(files.registry, registryModule(registry, plan.registryKeys, plan.articleKeys));
      writeFileSync(files.routesChunkNames, chunkNamesModule(chunkNames, plan.shell));
      writeLazyRoutes(context.generatedFilesDir, plan.lazy);

      // The routes' modules hang off an entry of their own, with a runtime of
      // its own that no page loads: main.js's runtime knows none of their
      // chunks, and the bundler splits them as it split Docusaurus's own.
      const entryFiles = plan.lazy.map((route) => {
        const file = path.join(dir, 'entries', `${route.entry}.js`);
        writeFileSync(file, entryModule(route, chunkNames, registry));
        return file;
      });
      // Docusaurus gives the client one unnamed entry, which the bundler calls main.
      const main = config.entry;
      if (typeof main !== 'string') throw new Error('lazy-routes: unexpected client entry');
      const index = path.join(dir, 'index.js');
      writeFileSync(index, lazyIndexModule(plan.lazy, entryFiles, main));
      config.entry = {main, [INDEX_ENTRY]: {import: [index], runtime: `${INDEX_ENTRY}-runtime`}};
      // A route's chunk runs in main.js's runtime and calls modules main.js
      // holds: which exports are kept, and their (mangled) names, must be the
      // same for both runtimes, so they are decided for all runtimes at once.
      config.optimization = {
        ...config.optimization,
        usedExports: 'global',
      };

      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const clientManifest = path.join(context.generatedFilesDir, 'client-manifest.json');
      return {
        plugins: [
          {
            apply(compiler: {
              hooks: {done: {tap: (name: string, fn: (stats: Stats) => void) => void}};
            }) {
              compiler.hooks.done.tap('lazy-routes', (stats) => {
                // Each route's chunks (ids and files) and its entry module's id.
                const json = stats.toJson({
                  all: false,
                  chunkGroups: true,
                  chunks: true,
                  chunkModules: false,
                  modules: true,
                  ids: true,
                  hash: true,
                });
                writeBuildHash(context.generatedFilesDir, json.hash);
                const moduleIds = new Map(
                  (json.modules ?? []).map((module) => [module.identifier ?? '', module.id]),
                );
                // Each chunk's JS file; a chunk left empty (its modules are all
                // in main.js) has none, and is not loaded.
                const jsFile = new Map(
                  (json.chunks ?? []).map((chunk) => [
                    chunk.id,
                    (chunk.files ?? []).find((file) => file.endsWith('.js')),
                  ]),
                );
                const chunks: RouteChunks = {};
                entryFiles.forEach((file, i) => {
                  const name = plan.lazy[i]?.entry ?? '';
                  const group = json.namedChunkGroups?.[name];
                  const id = [...moduleIds].find(([identifier]) => identifier.endsWith(file))?.[1];
                  if (!group || id === undefined)
                    throw new Error(`lazy-routes: ${file} was not bundled`);
                  const loaded = (group.chunks ?? []).filter((chunk) => jsFile.get(chunk));
                  chunks[name] = {
                    chunks: loaded,
                    files: loaded.map((chunk) => jsFile.get(chunk) ?? ''),
                    module: id,
                  };
                });
                writeRouteChunks(context.generatedFilesDir, chunks);
                // The page template lists every entry of the client manifest on
                // every page; no page loads this one.
                const manifest = JSON.parse(readFileSync(clientManifest, 'utf8')) as {
                  entrypoints: string[];
                };
                manifest.entrypoints = manifest.entrypoints.filter((name) => name !== INDEX_ENTRY);
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
          // The site's structured data hooks: the browser takes the JSON-LD the
          // server computed (the page's, or its manifest's) from the .browser.ts beside each.
          new NormalModuleReplacementPlugin(JSON_LD_HOOK, (resource) => {
            const issuer = resource.contextInfo.issuer;
            if (issuer.startsWith(themeDir)) {
              resource.request = path.join(path.dirname(issuer), `${resource.request}.browser.ts`);
            }
          }),
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
      if (off) return;
      const chunks = readRouteChunks(context.generatedFilesDir);
      const build = readBuildHash(context.generatedFilesDir);
      const routes = readLazyRoutes(context.generatedFilesDir);
      // A few hundred at a time: thousands of open files would run out of handles.
      for (let i = 0; i < routes.length; i += 256) {
        await Promise.all(
          routes.slice(i, i + 256).map(async (route) => {
            const own = chunks[route.entry];
            if (!own) throw new Error(`lazy-routes: the build has no chunks for ${route.path}`);
            // The page's JSON-LD, as the server computed it: the browser takes it from here.
            const jsonLd = pageJsonLd(await readPage(outDir, route.path, baseUrl));
            const manifest: RouteManifest = {
              ...own,
              shared: route.sharedKeys,
              build,
              ...(route.article ? {article: true as const} : {}),
              ...(jsonLd === undefined ? {} : {jsonLd}),
            };
            const file = path.join(outDir, manifestPath(route.path, baseUrl));
            await mkdir(path.dirname(file), {recursive: true});
            await writeFile(file, JSON.stringify(manifest));
          }),
        );
      }
    },
  };
}

/** The part of the bundler's stats this plugin reads. */
type Stats = {
  toJson: (options: object) => {
    namedChunkGroups?: Record<
      string,
      {chunks?: (string | number)[]; assets?: (string | {name: string})[]}
    >;
    modules?: {id?: string | number; identifier?: string}[];
    chunks?: {id?: string | number; files?: string[]}[];
    hash?: string;
  };
};
