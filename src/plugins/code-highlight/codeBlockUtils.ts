/**
 * The theme's own code block parsing (magic comments, `{1,3}` ranges,
 * `title=`, `showLineNumbers`), run at build time. It ships only as browser
 * ESM inside @docusaurus/theme-common, which does not export the file, so it
 * is loaded from its path through jiti, as Docusaurus loads site config.
 *
 * From 3.8 the file also holds a React context provider written in JSX and
 * imports a bundler alias (`@docusaurus/useIsomorphicLayoutEffect`, through
 * ./reactUtils), so jiti transforms JSX and maps each `@docusaurus/<name>` to
 * core's lib/client/exports/<name>.js, as the bundler's aliases do. Where the
 * file exports `createCodeBlockMetadata` (3.8 on: what the theme's own
 * CodeBlock calls), that is used; else the three functions 3.7 exports.
 *
 * That is a reach past the public API (assumptions.ts): the file is loaded
 * only after those assumptions are checked, and a failure to load it is
 * returned, not thrown, so the plugin can switch itself off.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {createJiti} from 'jiti';
import {forcedBreak, installed, type Installed} from '../../contract';
import {themeFallback} from '../../contract/theme';

export type MagicCommentConfig = Readonly<{
  className: string;
  line?: string;
  block?: Readonly<{start: string; end: string}>;
}>;

type Lines = {lineClassNames: Record<number, string[]>; code: string};

/** 3.7's functions (kept, deprecated, up to at least 3.10). */
type ParseFunctions = {
  parseCodeBlockTitle(metastring?: string): string;
  containsLineNumbers(metastring?: string): boolean;
  parseLines(
    content: string,
    options: {
      metastring: string | undefined;
      language: string | undefined;
      magicComments: readonly MagicCommentConfig[];
    },
  ): Lines;
};

/** 3.8's `createCodeBlockMetadata` (the parameters this site passes, the fields it reads). */
type CreateMetadata = (params: {
  code: string;
  className: string | undefined;
  language: string | undefined;
  defaultLanguage: string | undefined;
  metastring: string | undefined;
  magicComments: readonly MagicCommentConfig[];
  title: string | undefined;
  showLineNumbers: boolean | number | undefined;
}) => Lines & {title: string | undefined; lineNumbersStart: number | undefined};

/** A fenced block as the theme's CodeBlock would show it. */
export type BlockMetadata = {
  /** The code, magic comments removed. */
  code: string;
  /** Classes of highlighted lines, by line index. */
  lineClassNames: Record<number, string[]>;
  title: string;
  showLineNumbers: boolean;
};

export type CodeBlockUtils = {
  /** Which of the theme's functions are used. */
  api: 'createCodeBlockMetadata' | 'parseLines';
  metadata(
    code: string,
    options: {
      metastring: string | undefined;
      language: string | undefined;
      magicComments: readonly MagicCommentConfig[];
    },
  ): BlockMetadata;
};

export const THEME_COMMON = '@docusaurus/theme-common';
export const CODE_BLOCK_UTILS = 'lib/utils/codeBlockUtils.js';
export const CORE = '@docusaurus/core';
/** Where each `@docusaurus/<name>` of browser code resolves (core's loadDocusaurusAliases). */
export const CLIENT_EXPORTS = 'lib/client/exports';

const MAGIC: readonly MagicCommentConfig[] = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

/** `@docusaurus/<name>` → core's lib/client/exports/<name>.js, for each file there. */
export function clientAliases(pkgs: Installed): Record<string, string> {
  const dir = path.join(pkgs.dir(CORE), CLIENT_EXPORTS);
  if (!existsSync(dir)) throw new Error(`${CORE}/${CLIENT_EXPORTS} no longer exists`);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => [`@docusaurus/${file.slice(0, -'.js'.length)}`, path.join(dir, file)]),
  );
}

function fromCreateMetadata(create: CreateMetadata): CodeBlockUtils['metadata'] {
  return (code, {metastring, language, magicComments}) => {
    const metadata = create({
      code,
      className: undefined,
      language,
      defaultLanguage: undefined,
      metastring,
      magicComments,
      title: undefined,
      showLineNumbers: undefined,
    });
    return {
      code: metadata.code,
      lineClassNames: metadata.lineClassNames,
      title: metadata.title ?? '',
      // The site's CodeBlock numbers from 1 (as 3.7 does): `showLineNumbers=<n>` shows numbers.
      showLineNumbers: metadata.lineNumbersStart !== undefined,
    };
  };
}

function fromParseFunctions(utils: ParseFunctions): CodeBlockUtils['metadata'] {
  return (code, {metastring, language, magicComments}) => {
    const lines = utils.parseLines(code, {metastring, language, magicComments});
    return {
      code: lines.code,
      lineClassNames: lines.lineClassNames,
      title: utils.parseCodeBlockTitle(metastring),
      showLineNumbers: utils.containsLineNumbers(metastring),
    };
  };
}

/**
 * Loads the installed theme-common's code block functions and tries them on
 * a small block; throws, in plain words, what does not fit.
 */
export function loadCodeBlockUtils(pkgs: Installed): CodeBlockUtils {
  const file = path.join(pkgs.dir(THEME_COMMON), CODE_BLOCK_UTILS);
  if (!existsSync(file)) throw new Error(`${THEME_COMMON}/${CODE_BLOCK_UTILS} no longer exists`);
  let exported: Partial<ParseFunctions> & {createCodeBlockMetadata?: unknown};
  try {
    const jiti = createJiti(__filename, {
      moduleCache: false,
      jsx: {runtime: 'automatic'},
      alias: clientAliases(pkgs),
    });
    exported = jiti(file) as typeof exported;
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    throw new Error(`${THEME_COMMON}/${CODE_BLOCK_UTILS} no longer loads in Node (${first})`);
  }
  let utils: CodeBlockUtils;
  if (typeof exported.createCodeBlockMetadata === 'function') {
    utils = {
      api: 'createCodeBlockMetadata',
      metadata: fromCreateMetadata(exported.createCodeBlockMetadata as CreateMetadata),
    };
  } else {
    for (const name of ['parseCodeBlockTitle', 'containsLineNumbers', 'parseLines'] as const) {
      if (typeof exported[name] !== 'function') {
        throw new Error(
          `${THEME_COMMON}/${CODE_BLOCK_UTILS} exports neither createCodeBlockMetadata nor ${name}`,
        );
      }
    }
    utils = {api: 'parseLines', metadata: fromParseFunctions(exported as ParseFunctions)};
  }
  let got: BlockMetadata | string;
  try {
    got = utils.metadata('a\n// highlight-next-line\nb\n', {
      metastring: 'title="x.ts" showLineNumbers',
      language: 'js',
      magicComments: MAGIC,
    });
  } catch (error) {
    got = String((error as Error).message);
  }
  const expected: BlockMetadata = {
    code: 'a\nb',
    lineClassNames: {1: ['theme-code-block-highlighted-line']},
    title: 'x.ts',
    showLineNumbers: true,
  };
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    throw new Error(
      `${THEME_COMMON}/${CODE_BLOCK_UTILS}: ${utils.api} gives other results than in 3.7.0 (${JSON.stringify(got)})`,
    );
  }
  return utils;
}

let loaded: {utils: CodeBlockUtils} | {error: string} | undefined;

/**
 * The highlighted lines are props only src/theme/CodeBlock reads (the
 * block's text is left out of the page): when theme-fallback puts the theme's
 * own CodeBlock in its place (a broken import of the site's), the blocks must
 * keep their text for it, so code-highlight switches off too.
 */
export function expectSiteCodeBlock(pkgs: Installed): void {
  const fallback = themeFallback('CodeBlock', pkgs);
  if (fallback) {
    throw new Error(
      `the theme’s own CodeBlock renders instead, and reads a block’s text, not its highlighted lines (${fallback})`,
    );
  }
}

/** The theme's functions, or why they cannot be used (once per process). */
export function codeBlockUtils(): {utils: CodeBlockUtils} | {error: string} {
  if (!loaded) {
    try {
      // A break forced by CONTRACT_BREAK of either build-time assumption takes the same path.
      const forced =
        forcedBreak('code-highlight', 'theme-common codeBlockUtils') ??
        forcedBreak('code-highlight', 'the site’s CodeBlock');
      if (forced) throw new Error(forced);
      const pkgs = installed();
      expectSiteCodeBlock(pkgs);
      loaded = {utils: loadCodeBlockUtils(pkgs)};
    } catch (error) {
      loaded = {error: (error as Error).message};
    }
  }
  return loaded;
}
