/**
 * The theme's own code block parsing (magic comments, `{1,3}` ranges,
 * `title=`, `showLineNumbers`), run at build time. It ships only as browser
 * ESM inside @docusaurus/theme-common, which does not export the file, so it
 * is loaded from its path through jiti, as Docusaurus loads site config.
 *
 * That is a reach past the public API (assumptions.ts): the file is loaded
 * only after those assumptions are checked, and a failure to load it is
 * returned, not thrown, so the plugin can switch itself off (3.10 moved JSX
 * into the file, which jiti cannot parse: loading it threw a Babel
 * ParseError while Docusaurus loaded the site config).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {createJiti} from 'jiti';
import {forcedBreak, installed, type Installed} from '../../contract';

export type MagicCommentConfig = Readonly<{
  className: string;
  line?: string;
  block?: Readonly<{start: string; end: string}>;
}>;

export type CodeBlockUtils = {
  parseCodeBlockTitle(metastring?: string): string;
  containsLineNumbers(metastring?: string): boolean;
  parseLines(
    content: string,
    options: {
      metastring: string | undefined;
      language: string | undefined;
      magicComments: readonly MagicCommentConfig[];
    },
  ): {lineClassNames: Record<number, string[]>; code: string};
};

export const THEME_COMMON = '@docusaurus/theme-common';
export const CODE_BLOCK_UTILS = 'lib/utils/codeBlockUtils.js';

const MAGIC: readonly MagicCommentConfig[] = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

/**
 * Loads the installed theme-common's code block functions and tries them on
 * a small block; throws, in plain words, what does not fit.
 */
export function loadCodeBlockUtils(pkgs: Installed): CodeBlockUtils {
  const file = path.join(pkgs.dir(THEME_COMMON), CODE_BLOCK_UTILS);
  if (!existsSync(file)) throw new Error(`${THEME_COMMON}/${CODE_BLOCK_UTILS} no longer exists`);
  let utils: Partial<CodeBlockUtils>;
  try {
    utils = createJiti(__filename, {moduleCache: false})(file) as Partial<CodeBlockUtils>;
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    throw new Error(`${THEME_COMMON}/${CODE_BLOCK_UTILS} no longer loads in Node (${first})`);
  }
  for (const name of ['parseCodeBlockTitle', 'containsLineNumbers', 'parseLines'] as const) {
    if (typeof utils[name] !== 'function') {
      throw new Error(`${THEME_COMMON}/${CODE_BLOCK_UTILS} no longer exports ${name}`);
    }
  }
  const {parseCodeBlockTitle, containsLineNumbers, parseLines} = utils as CodeBlockUtils;
  const parsed = parseLines('a\n// highlight-next-line\nb\n', {
    metastring: undefined,
    language: 'js',
    magicComments: MAGIC,
  });
  const same =
    parseCodeBlockTitle('title="x.ts" showLineNumbers') === 'x.ts' &&
    containsLineNumbers('title="x.ts" showLineNumbers') &&
    parsed.code === 'a\nb' &&
    JSON.stringify(parsed.lineClassNames) === '{"1":["theme-code-block-highlighted-line"]}';
  if (!same) {
    throw new Error(
      `${THEME_COMMON}/${CODE_BLOCK_UTILS}: parseCodeBlockTitle, containsLineNumbers or parseLines give other results than in 3.7.0`,
    );
  }
  return {parseCodeBlockTitle, containsLineNumbers, parseLines};
}

let loaded: {utils: CodeBlockUtils} | {error: string} | undefined;

/** The theme's functions, or why they cannot be used (once per process). */
export function codeBlockUtils(): {utils: CodeBlockUtils} | {error: string} {
  if (!loaded) {
    try {
      // A break forced by CONTRACT_BREAK takes the path of a file that does not load.
      const forced = forcedBreak('code-highlight', 'theme-common codeBlockUtils');
      if (forced) throw new Error(forced);
      loaded = {utils: loadCodeBlockUtils(installed())};
    } catch (error) {
      loaded = {error: (error as Error).message};
    }
  }
  return loaded;
}
