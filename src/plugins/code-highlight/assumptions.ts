/**
 * What code-highlight (and the ejected CodeBlock that shows its output) takes
 * for granted about the theme packages (see src/contract/index.ts).
 */
import {expectText, type Subject} from '../../contract';
import {
  CLIENT_EXPORTS,
  clientAliases,
  CORE,
  expectSiteCodeBlock,
  loadCodeBlockUtils,
} from './codeBlockUtils';

const THEME_CLASSIC = '@docusaurus/theme-classic';

const codeHighlight: Subject = {
  name: 'code-highlight',
  kind: 'plugin',
  files: ['src/plugins/code-highlight/'],
  whenBroken:
    'switches itself off with a build warning: code blocks go to the theme’s own CodeBlock (Prism in the browser, about 30 KB gzip more JS)',
  switchOffs: [
    {
      // The plugin reads this one at build time (codeBlockUtils.ts); the others only the contract test.
      force: 'code-highlight › theme-common codeBlockUtils',
      warns: ['code-highlight'],
      leaves:
        'code blocks render with the theme’s own CodeBlock, highlighted by Prism in the browser; article-once keeps the pages that have code blocks whole, so React gives their buttons their work',
    },
  ],
  assumptions: [
    {
      id: 'theme-common codeBlockUtils',
      needs:
        '@docusaurus/theme-common lib/utils/codeBlockUtils.js (not exported): ESM that Node loads through jiti once its JSX is transformed (3.8 on), exporting createCodeBlockMetadata({code, language, metastring, magicComments, …}) → {code, lineClassNames, title, lineNumbersStart} (3.8 on) or parseCodeBlockTitle, containsLineNumbers and parseLines (3.7), with 3.7.0’s results on a sample block',
      use: 'the rehype plugin parses each fenced block’s title, line numbers and highlighted lines with the theme’s own functions at build time',
      check: (pkgs) => void loadCodeBlockUtils(pkgs),
    },
    {
      id: 'core client exports',
      needs:
        '@docusaurus/core lib/client/exports/<name>.js is the file the bundler resolves `@docusaurus/<name>` to (lib/webpack/aliases/index.js)',
      use: 'codeBlockUtils.js imports @docusaurus/useIsomorphicLayoutEffect (through ./reactUtils, 3.8 on): jiti maps each `@docusaurus/<name>` to the same file',
      check: (pkgs) => {
        expectText(pkgs, CORE, 'lib/webpack/aliases/index.js', [
          ["'../../client/exports'", 'aliases `@docusaurus/<name>` to lib/client/exports'],
        ]);
        if (!clientAliases(pkgs)['@docusaurus/useIsomorphicLayoutEffect']) {
          throw new Error(
            `${CORE}/${CLIENT_EXPORTS}/useIsomorphicLayoutEffect.js no longer exists`,
          );
        }
      },
    },
    {
      id: 'prism-include-languages client module',
      needs:
        "@docusaurus/theme-classic lib/prism-include-languages.js, listed by the theme's getClientModules()",
      use: 'the plugin replaces it with an empty module, so Prism and its grammars stay out of main.js',
      check: (pkgs) => {
        expectText(pkgs, THEME_CLASSIC, 'lib/index.js', [
          ["'./prism-include-languages'", 'lists ./prism-include-languages as a client module'],
        ]);
        if (!pkgs.has(THEME_CLASSIC, 'lib/prism-include-languages.js')) {
          throw new Error(`${THEME_CLASSIC}/lib/prism-include-languages.js no longer exists`);
        }
      },
    },
    {
      id: 'the site’s CodeBlock',
      needs:
        'src/theme/CodeBlock renders the code blocks: its imports are all in the installed theme, so theme-fallback has not pointed @theme/CodeBlock at the theme’s own',
      use: 'the rehype plugin hands it each block’s highlighted lines as props and leaves the text out; the theme’s own would show an empty block',
      check: (pkgs) => expectSiteCodeBlock(pkgs),
    },
    {
      id: 'code element properties become CodeBlock props',
      needs:
        'MDX hands the properties a rehype plugin puts on `<code>` (highlighted, lineClassNames, title, showLineNumbers) to @theme/CodeBlock as props',
      use: 'src/theme/CodeBlock renders the lines from them',
      checkedBy:
        'tests/e2e/code-blocks.spec.ts (colours, titles, highlighted lines in the built pages)',
    },
  ],
};

export default codeHighlight;
