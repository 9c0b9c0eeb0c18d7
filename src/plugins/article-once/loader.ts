/**
 * The article-once loader: runs after @docusaurus/mdx-loader on every blog
 * and docs module, in both compilers (loader.cjs loads this file).
 *
 * - Every module gets its MDX components from the module itself
 *   (transform.ts `withProvider`): the plugin's BlogPostItem/Content and
 *   DocItem/Content (theme/) do not wrap it, so that they need no renderer.
 * - In the production browser build, the module of a post or doc page
 *   (a candidate, not a list page's `?truncated` excerpt) becomes a shell:
 *   its exports without the body. A page whose Markdown needs the browser
 *   (transform.ts `browserReason`) keeps its whole module, and the build
 *   says which page and why.
 *
 * Each candidate's outcome is written to `decisions/`, for postBuild.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {browserReason, parseModule, shellModule, withProvider} from './transform';

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

/** What a candidate became: a shell (reason null) or a whole module, and why. */
export type Decision = Readonly<{source: string; permalink: string; reason: string | null}>;

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

export function decisionFile(decisionsDir: string, source: string): string {
  return path.join(decisionsDir, `${createHash('sha1').update(source).digest('hex')}.json`);
}

export default function articleOnceLoader(this: LoaderContext, code: string): string {
  const options = this.getOptions();
  const program = parseModule(code);
  const permalink = candidateMap(options.candidatesFile)[this.resourcePath];
  if (options.shells && permalink !== undefined && !/truncated/.test(this.resourceQuery)) {
    const reason = browserReason(code, program);
    const decision: Decision = {source: this.resourcePath, permalink, reason};
    mkdirSync(options.decisionsDir, {recursive: true});
    writeFileSync(decisionFile(options.decisionsDir, this.resourcePath), JSON.stringify(decision));
    if (reason === null) {
      const sizeOf = (file: string) =>
        statSync(path.resolve(path.dirname(this.resourcePath), file)).size;
      return shellModule(code, program, options.clientDir, sizeOf);
    }
    console.log(
      `[INFO] [article-once] ${path.relative(options.siteDir, this.resourcePath)} ` +
        `(${permalink}) is rendered in the browser as before: it ${reason}.`,
    );
  }
  return withProvider(code, program, options.providerModule);
}
