/**
 * Diagrams and images at full size. The remark plugin (remark.ts) draws the
 * diagrams into the pages and writes each one's standalone file into
 * `.docusaurus/diagrams/` while the pages compile; this plugin
 *
 * - copies the standalone files the built pages link to into
 *   `build/assets/diagrams/` (the bundler empties the output folder before
 *   it writes, so they wait in `.docusaurus` until then), and fails the
 *   build, naming the page, when a page links to one that was not drawn;
 * - adds client/index.ts to every page: one delegated click listener that,
 *   when a reader follows a figure's "查看大图" link, loads the full-size
 *   view (client/view.ts, its own chunk) and opens it in place.
 */
import {copyFile, mkdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {builtPages} from '../../lib/build-files';
import {STANDALONE_PATH} from './remark';

/** Where remark.ts writes the standalone drawings, under the site's generated files. */
export const standaloneDir = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, 'diagrams');

export default function diagramsPlugin(context: LoadContext): Plugin {
  const staging = standaloneDir(context.generatedFilesDir);
  const prefix = `${context.baseUrl}${STANDALONE_PATH}`;
  const link = new RegExp(
    `${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([0-9a-f]+\\.svg)`,
    'g',
  );
  return {
    name: 'diagrams',
    getClientModules: () => [path.join(__dirname, 'client/index.ts')],
    async postBuild({outDir}) {
      const wanted = new Map<string, string>();
      for (const page of builtPages(outDir)) {
        for (const [, name] of (await readFile(path.join(outDir, page), 'utf8')).matchAll(link)) {
          if (name && !wanted.has(name)) wanted.set(name, page);
        }
      }
      const target = path.join(outDir, STANDALONE_PATH);
      await mkdir(target, {recursive: true});
      await Promise.all(
        [...wanted].map(async ([name, page]) => {
          try {
            await copyFile(path.join(staging, name), path.join(target, name));
          } catch (error) {
            throw new Error(
              `[diagrams] ${page} links to ${prefix}${name}, which was not drawn in ${staging} (${(error as Error).message}); run \`npm run clear\` and build again.`,
              {cause: error},
            );
          }
        }),
      );
    },
  };
}
