import {createRequire} from 'node:module';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Old label → the label search results show instead. */
export type PluginOptions = Readonly<{labels: Readonly<Record<string, string>>}>;

type ParsedDocument = {breadcrumb: string[]};
type DocumentParser = {parseDocument: (...args: unknown[]) => ParsedDocument};

const PARSER = '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parseDocument.js';
const PATCHED = Symbol.for('search-hit-paths');

/**
 * The search theme labels every hit with the text of the navbar's active
 * link, so each blog hit reads "Blog" (the navbar's label, as the spec has
 * it) in an otherwise Chinese result list. The theme has no option for it:
 * this plugin renames those labels in the theme's page parser, which runs at
 * build time when the index is written. Nothing changes in the browser.
 */
export default function searchHitPathsPlugin(_context: LoadContext, options: unknown): Plugin {
  const {labels} = options as PluginOptions;
  const parser = createRequire(__filename)(PARSER) as DocumentParser & {[PATCHED]?: true};
  if (!parser[PATCHED]) {
    const parseDocument = parser.parseDocument;
    parser.parseDocument = (...args) => {
      const parsed = parseDocument(...args);
      return {...parsed, breadcrumb: parsed.breadcrumb.map((label) => labels[label] ?? label)};
    };
    parser[PATCHED] = true;
  }
  return {name: 'search-hit-paths'};
}
