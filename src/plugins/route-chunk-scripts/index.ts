import {readFileSync} from 'node:fs';
import {readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, forcedBreak, switchedOff} from '../../contract';
import {
  builtPages,
  clearRouteChunkScriptsActive,
  pageRoute,
  readLazyRoutes,
  readRouteChunks,
  writeRouteChunkScriptsActive,
} from '../../lib/build-files';
import {escapeAttribute} from '../../lib/escape';
import {
  chunkNamesOf,
  matchBranch,
  parseRoutes,
  type ChunkNames,
  type RouteNode,
} from '../../lib/generated-routes';
import contract from './assumptions';
import {readChunkFiles, writeChunkFiles, type ChunkFiles} from './chunkFiles';

/** The check of the generated files it reads (CONTRACT_BREAK names it `route-chunk-scripts › generated files`). */
const GENERATED_FILES = 'generated files';
/** The bundle attribute our page template writes (config/ssrTemplate.ts). */
const BUNDLE = /data-bundle="([^"]*)"/;

/**
 * Lists each page's route chunks in its HTML, so they load beside the bundle.
 *
 * Docusaurus 3.7.0 means to write them as scripts into each page, but with
 * Docusaurus Faster (Rspack) the server render's module names do not match
 * the client manifest, and only the runtime and main.js are written. The
 * bundle then asks for the route's chunks once main.js runs: a second round
 * trip before the page hydrates, and some 30 ms of script insertion inside
 * main.js's own task on a phone (4× CPU slowdown). After the build, this
 * plugin adds each page's chunk files to the list the boot script loads.
 * They come after main.js, which runs first; the bundle's chunk loader finds
 * their `<script>` elements already in the page (same `src`) and waits for
 * them, so hydration starts in a task of its own once they have run.
 *
 * A lazy route's page (src/plugins/lazy-routes, whose plan and chunks it
 * reads through src/lib/build-files.ts) also lists its route entry,
 * and names the route in `data-route`, so the bundle waits for that entry to
 * register the route instead of fetching the route's manifest.
 *
 * On a Docusaurus that breaks one of its assumptions (assumptions.ts), or
 * whose generated files it cannot read, it switches itself off with a
 * warning and leaves the pages as Docusaurus rendered them. It decides
 * before lazy-routes does (its configureWebpack runs first), and says so in
 * the generated files (src/lib/build-files.ts): a lazy route's page needs
 * `data-route`, so lazy-routes switches off with it.
 */
export default function routeChunkScriptsPlugin(context: LoadContext): Plugin {
  const fallback = 'Pages are left as Docusaurus rendered them.';
  // Nothing of an older build: lazy-routes reads whether this plugin is on.
  clearRouteChunkScriptsActive(context.generatedFilesDir);
  const broken = firstBroken(contract, context.siteDir);
  if (broken) {
    switchedOff('route-chunk-scripts', broken, fallback);
    return {name: 'route-chunk-scripts'};
  }
  let generated: {routes: RouteNode[]; chunkNames: Record<string, ChunkNames>} | undefined;
  return {
    name: 'route-chunk-scripts',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      // Docusaurus has written routes.js and routesChunkNames.json by now.
      try {
        // A break forced by CONTRACT_BREAK takes the path of a file that does not parse.
        const forced = forcedBreak('route-chunk-scripts', GENERATED_FILES);
        if (forced) throw new Error(forced);
        generated = {
          routes: parseRoutes(
            readFileSync(path.join(context.generatedFilesDir, 'routes.js'), 'utf8'),
          ),
          chunkNames: JSON.parse(
            readFileSync(path.join(context.generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
          ) as Record<string, ChunkNames>,
        };
      } catch (error) {
        switchedOff(
          'route-chunk-scripts',
          `generated files: ${(error as Error).message}`,
          fallback,
        );
        return {};
      }
      writeRouteChunkScriptsActive(context.generatedFilesDir);
      return {
        plugins: [
          {
            apply(compiler: {
              hooks: {done: {tap: (name: string, fn: (stats: Stats) => void) => void}};
            }) {
              compiler.hooks.done.tap('route-chunk-scripts', (stats) => {
                const json = stats.toJson({all: false, chunkGroups: true});
                const files: ChunkFiles = {};
                for (const [name, group] of Object.entries(json.namedChunkGroups ?? {})) {
                  files[name] = (group.assets ?? [])
                    .map((asset) => (typeof asset === 'string' ? asset : asset.name))
                    .filter((file) => file.endsWith('.js'));
                }
                writeChunkFiles(context.generatedFilesDir, files);
              });
            },
          },
        ],
      };
    },
    async postBuild({outDir}) {
      if (!generated) return;
      const {routes, chunkNames} = generated;
      const files = readChunkFiles(context.generatedFilesDir);
      const lazy = new Map(readLazyRoutes(context.generatedFilesDir).map((r) => [r.path, r]));
      const lazyChunks = lazy.size ? readRouteChunks(context.generatedFilesDir) : {};
      const baseUrl = context.siteConfig.baseUrl;
      const pages = builtPages(outDir);
      const rewrite = async (file: string): Promise<void> => {
        const htmlPath = path.join(outDir, file);
        const html = await readFile(htmlPath, 'utf8');
        const bundle = BUNDLE.exec(html)?.[1];
        if (!bundle) return;
        const urls = bundle.split(' ');
        const pathname = pageRoute(file, baseUrl);
        const branch = matchBranch(routes, pathname);
        const lazyRoute = lazy.get(pathname);
        // A lazy route's own modules are in chunks of its own (lazy-routes lists them).
        const own = lazyRoute && lazyChunks[lazyRoute.entry];
        const chunks = branch
          .flatMap((route) => chunkNamesOf(chunkNames[route.key]))
          .flatMap((name) => files[name] ?? [])
          .concat(own ? own.files : [])
          .map((chunkFile) => `${baseUrl}${chunkFile}`)
          .filter((url, i, all) => !urls.includes(url) && all.indexOf(url) === i);
        if (chunks.length === 0) return;
        const list = [...urls, ...chunks].join(' ');
        // The route's manifest, so the bundle loads it without fetching it.
        const route = own
          ? ` data-route="${escapeAttribute(JSON.stringify({path: lazyRoute.path, ...own, shared: lazyRoute.sharedKeys}))}"`
          : '';
        // Written aside and renamed: other plugins read these pages meanwhile
        // (the search index), and must never see one half written.
        await writeFile(`${htmlPath}.tmp`, html.replace(BUNDLE, `data-bundle="${list}"${route}`));
        await rename(`${htmlPath}.tmp`, htmlPath);
      };
      // A few hundred at a time: thousands of open files would run out of handles.
      for (let i = 0; i < pages.length; i += 256) {
        await Promise.all(pages.slice(i, i + 256).map(rewrite));
      }
    },
  };
}

/** The part of the bundler's stats this plugin reads. */
type Stats = {
  toJson: (options: object) => {
    namedChunkGroups?: Record<string, {assets?: (string | {name: string})[]}>;
  };
};
