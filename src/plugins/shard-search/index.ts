import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {pageFile} from '../../lib/build-files';
import {buildIndex, DEFAULT_BUILD_OPTIONS, type BuildOptions} from './build';
import {extractPage, type ExtractedPage, type PathLabels} from './extract';

export type PluginOptions = Readonly<{labels: PathLabels} & Partial<BuildOptions>>;

/** Where the index is written in the build, and fetched from. */
export const INDEX_DIR = 'search-index';

/**
 * Site search with a sharded index (see ARCHITECTURE.md): adds the results page at
 * /search and, after the build, reads the built pages and writes the index to
 * build/search-index/. The browser side is client/, used by src/theme/SearchBar
 * and SearchPage.
 */
export default function shardSearchPlugin(context: LoadContext, options: unknown): Plugin {
  const {labels, ...buildOptions} = options as PluginOptions;
  const baseUrl = context.siteConfig.baseUrl;
  return {
    name: 'shard-search',
    async contentLoaded({actions}) {
      actions.addRoute({path: `${baseUrl}search`, component: '@theme/SearchPage', exact: true});
    },
    async postBuild({outDir, routesPaths}) {
      const pages: ExtractedPage[] = [];
      for (const route of [...new Set(routesPaths)].sort()) {
        const file = pageFile(outDir, route, baseUrl);
        if (!file) continue;
        const page = extractPage(await readFile(file, 'utf8'), route, labels);
        if (page) pages.push(page);
      }
      const {files} = buildIndex(pages, {...DEFAULT_BUILD_OPTIONS, ...buildOptions});
      const dir = join(outDir, INDEX_DIR);
      await rm(dir, {recursive: true, force: true});
      for (const name of new Set([...files.keys()].map((f) => dirname(join(dir, f))))) {
        await mkdir(name, {recursive: true});
      }
      // In batches: thousands of files at once would run out of file handles.
      const entries = [...files];
      for (let i = 0; i < entries.length; i += 256) {
        await Promise.all(
          entries.slice(i, i + 256).map(([name, text]) => writeFile(join(dir, name), text)),
        );
      }
    },
  };
}
