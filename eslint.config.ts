import js from '@eslint/js';
import type {Linter} from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The floors of src/, and what each may import (README, "目录"). From the
 * bottom: src/contract and src/lib (shared by everything above; they import
 * none of it), then src/plugins, then the theme (src/theme, src/components,
 * src/pages); config and scripts on top. Imports point down, never up or
 * sideways between plugins:
 *
 * (a) theme code imports a plugin only through its client entry,
 *     `@site/src/plugins/<plugin>/client`: client.ts, or a module of client/
 *     (the plugin's browser code; the rest of a plugin is Node code);
 * (b) browser code imports no Node.js module, and none of the Node-only
 *     modules of src/lib;
 * (c) a plugin imports nothing from the theme, and another plugin only
 *     through its client entry;
 * (d) src/contract and src/lib import nothing from plugins, theme, config
 *     or scripts.
 *
 * A rule is a regular expression on the import's text: `@site/…` or
 * relative. How far up `../` reaches depends on where the file is, so the
 * plugins' rules are written once per folder depth.
 */
type Restriction = Readonly<{regex: string; message: string}>;

/** src/lib modules that run in Node only (the build's files, series.yml, bundler plugins, label metrics and line breaks). */
const NODE_ONLY_LIB = ['build-files', 'series', 'replace-module', 'fontMetrics', 'linebreak'];

const BROWSER: readonly Restriction[] = [
  {regex: '^node:', message: '(b) Browser code imports no Node.js module.'},
  {
    regex: '^(fs|fs/promises|path|os|child_process|crypto|url|util|module|worker_threads)$',
    message: '(b) Browser code imports no Node.js module.',
  },
  {
    regex: `^(@site/src/lib/|(\\.\\./)+lib/)(${NODE_ONLY_LIB.join('|')})$`,
    message: '(b) Browser code imports no Node-only module of src/lib.',
  },
];

/** In src/lib itself, a Node-only neighbour is `./name`. */
const BROWSER_LIB: readonly Restriction[] = [
  ...BROWSER,
  {
    regex: `^\\./(${NODE_ONLY_LIB.join('|')})$`,
    message: '(b) A browser module of src/lib imports no Node-only module of src/lib.',
  },
];

const CLIENT_ENTRY = '[^/]+/client(/|$)';

const THEME: readonly Restriction[] = [
  {
    regex: `^@site/src/plugins/(?!${CLIENT_ENTRY})`,
    message:
      '(a) Theme code imports a plugin only through its client entry: @site/src/plugins/<plugin>/client (client.ts, or a module of client/).',
  },
  {
    regex: '^(\\.\\./)+plugins/',
    message: '(a) Theme code imports a plugin as @site/src/plugins/<plugin>/client….',
  },
];

/** For a file `depth` folders below its plugin's folder (0: src/plugins/<plugin>/index.ts). */
const plugin = (depth: number): Restriction[] => [
  {
    regex: `^(@site/src/|(\\.\\./){${depth + 2}})(theme|components|pages)(/|$)`,
    message:
      '(c) A plugin imports nothing from src/theme, src/components or src/pages: what both need goes to src/lib.',
  },
  {
    regex: `^(@site/src/plugins/|(\\.\\./){${depth + 1}})(?!${CLIENT_ENTRY})[^./]`,
    message:
      '(c) A plugin imports another plugin only through its client entry (<plugin>/client); what both need goes to src/lib.',
  },
];

const BELOW_PLUGINS: readonly Restriction[] = [
  {
    regex: '^(@site/src/|(\\.\\./)+)(plugins|theme|components|pages)(/|$)',
    message:
      '(d) src/contract and src/lib import nothing from plugins or the theme: they sit below both.',
  },
  {
    regex: '^(@site/|(\\.\\./){2,})(config|scripts|docusaurus\\.config)(/|\\.|$)',
    message: '(d) src/contract and src/lib import nothing from config or scripts.',
  },
  {
    regex: '^@theme(-original|-init)?/',
    message: '(d) src/contract and src/lib import nothing from the theme.',
  },
];

/** The rules for one set of files: static imports and re-exports, and `import()`. */
function restrict(
  files: string[],
  restrictions: readonly Restriction[],
  ignores: string[] = [],
): Linter.Config {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: restrictions.map(({regex, message}) => ({regex, message}))},
      ],
      'no-restricted-syntax': [
        'error',
        ...restrictions.map(({regex, message}) => ({
          selector: `ImportExpression > Literal[value=/${regex.replace(/\//g, '\\/')}/]`,
          message,
        })),
      ],
    },
  };
}

const TS = '*.{ts,tsx}';
const nodeOnlyLib = NODE_ONLY_LIB.map((name) => `src/lib/${name}.ts`);
const below = (depth: number) => '*/'.repeat(depth);

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/tmp/',
      '.grown/',
      '.switched-off/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A loader the bundler requires as CommonJS (src/plugins/article-once/loader.cjs).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {require: 'readonly', module: 'writable', __filename: 'readonly'},
    },
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  // The floors.
  restrict([`src/{theme,components,pages}/**/${TS}`], [...THEME, ...BROWSER]),
  restrict([`src/{hooks,utils}/**/${TS}`], BROWSER),
  restrict([`src/contract/**/${TS}`], BELOW_PLUGINS),
  restrict([`src/lib/**/${TS}`], [...BELOW_PLUGINS, ...BROWSER_LIB], nodeOnlyLib),
  restrict(nodeOnlyLib, BELOW_PLUGINS),
  ...[0, 1, 2, 3, 4, 5].flatMap((depth) => [
    restrict([`src/plugins/*/${below(depth)}${TS}`], plugin(depth)),
    // Browser code of a plugin: client.ts, client/, and the theme components it ships (theme/).
    restrict(
      depth === 0
        ? [`src/plugins/*/client.{ts,tsx}`]
        : [
            `src/plugins/*/client/${below(depth - 1)}${TS}`,
            `src/plugins/*/theme/${below(depth - 1)}${TS}`,
          ],
      [...plugin(depth), ...BROWSER],
    ),
  ]),
);
