/**
 * The article-once loader: runs after @docusaurus/mdx-loader on every blog
 * and docs module, in both compilers (loader.cjs loads this file).
 *
 * - Every module gets its MDX components from the module itself
 *   (transform.ts `withProvider`): the plugin's BlogPostItem/Content and
 *   DocItem/Content (theme/) do not wrap it, so that they need no renderer.
 * - In the production browser build, the module of a post or doc page (a
 *   candidate) becomes a shell: its exports without the body; so does a
 *   post's preview, the `?truncated=true` module list pages show. Markdown
 *   that needs the browser (transform.ts `browserReason`) keeps its whole
 *   module, and the build says which page or preview and why.
 *
 * - A post's metadata JSON, asked for by a preview's shell
 *   (`?article-once-preview`), loses what no list reads (transform.ts
 *   `previewMetadata`).
 *
 * Each candidate's outcome, and each preview's, is written to `decisions/`,
 * for postBuild.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {
  browserReason,
  KEPT_EXPORTS,
  parseModule,
  PREVIEW_EXPORTS,
  PREVIEW_METADATA_QUERY,
  previewMetadata,
  shellModule,
  withProvider,
} from './transform';

export type LoaderOptions = Readonly<{
  /** Production browser build: make shells. */
  shells: boolean;
  /** JSON file: absolute source path → permalink, of every post and doc page. */
  candidatesFile: string;
  /** Where each candidate's outcome is written. */
  decisionsDir: string;
  siteDir: string;
  /** The folder of the browser modules shells import (client/). */
  clientDir: string;
  providerModule: string;
}>;

/**
 * What a candidate's module, or its preview's (`preview`), became: a shell
 * (reason null) or a whole module, and why.
 */
export type Decision = Readonly<{
  source: string;
  permalink: string;
  preview: boolean;
  reason: string | null;
}>;

/** The part of the bundler's loader context this loader uses. */
type LoaderContext = {
  resourcePath: string;
  resourceQuery: string;
  getOptions: () => LoaderOptions;
};

let candidates: {file: string; map: Record<string, string>} | undefined;
function candidateMap(file: string): Record<string, string> {
  if (candidates?.file !== file) {
    candidates = {file, map: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>};
  }
  return candidates.map;
}

export function decisionFile(decisionsDir: string, source: string, preview: boolean): string {
  const name = createHash('sha1')
    .update(preview ? `${source}?truncated` : source)
    .digest('hex');
  return path.join(decisionsDir, `${name}.json`);
}

/** The blog's own test for a list page's excerpt (plugin-content-blog markdownLoader). */
export const isPreviewQuery = (resourceQuery: string): boolean =>
  Boolean(resourceQuery && new URLSearchParams(resourceQuery.slice(1)).get('truncated'));

export default function articleOnceLoader(this: LoaderContext, code: string): string {
  const options = this.getOptions();
  // A post's metadata, as a preview's shell asks for it (transform.ts).
  if (this.resourceQuery === `?${PREVIEW_METADATA_QUERY}`) return previewMetadata(code);
  const program = parseModule(code);
  const permalink = candidateMap(options.candidatesFile)[this.resourcePath];
  if (options.shells && permalink !== undefined) {
    const preview = isPreviewQuery(this.resourceQuery);
    const reason = browserReason(code, program, preview ? PREVIEW_EXPORTS : KEPT_EXPORTS);
    const decision: Decision = {source: this.resourcePath, permalink, preview, reason};
    mkdirSync(options.decisionsDir, {recursive: true});
    writeFileSync(
      decisionFile(options.decisionsDir, this.resourcePath, preview),
      JSON.stringify(decision),
    );
    if (reason === null) {
      const sizeOf = (file: string) =>
        statSync(path.resolve(path.dirname(this.resourcePath), file)).size;
      return shellModule(code, program, options.clientDir, sizeOf, preview);
    }
    const what = preview ? `the preview of ${permalink} on the list pages` : permalink;
    console.log(
      `[INFO] [article-once] ${path.relative(options.siteDir, this.resourcePath)} ` +
        `(${what}) is rendered in the browser as before: it ${reason}.`,
    );
  }
  return withProvider(code, program, options.providerModule);
}
