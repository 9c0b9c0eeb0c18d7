/**
 * What article-once takes for granted about @docusaurus/*, MDX and React
 * (see src/contract/index.ts). Checked by tests/contract against the
 * installed versions, and by the plugin before it makes any shell. The two
 * theme components it ejected (BlogPostItem/Content, DocItem/Content) and
 * the CodeBlock buttons are listed in src/contract/theme.ts.
 */
import {checkSubject, expectText, type Subject} from '../../contract';
import theme from '../../contract/theme';

const MDX_LOADER = '@docusaurus/mdx-loader';

const articleOnce: Subject = {
  name: 'article-once',
  kind: 'plugin',
  files: [
    'src/plugins/article-once/',
    'src/theme/BlogPostItem/Content/',
    'src/theme/DocItem/Content/',
  ],
  whenBroken:
    'switches itself off with a build warning: every post and doc ships and hydrates its article as JavaScript again (the pages work as before, heavier)',
  assumptions: [
    {
      id: 'mdx-loader output',
      needs:
        "@docusaurus/mdx-loader's module: `export const frontMatter`, `export const contentTitle`, `export {default as metadata} from '…json'` and `export const assets` written before the MDX program",
      use: 'transform.ts keeps these exports (and `toc`) in the shell, verbatim',
      check: (pkgs) =>
        expectText(pkgs, MDX_LOADER, 'lib/loader.js', [
          ['export const frontMatter = ', 'writes `export const frontMatter = …`'],
          ['export const contentTitle = ', 'writes `export const contentTitle = …`'],
          ['export {default as metadata} from', "writes `export {default as metadata} from '…'`"],
          ['export const assets = ', 'writes `export const assets = …`'],
          [
            /const code = `\s*\$\{exportsCode\}\s*\$\{result\.content\}/,
            'puts those exports before the MDX program',
          ],
        ]),
    },
    {
      id: 'MDX program',
      needs:
        '@mdx-js/mdx 3: `export default function MDXContent`, `const _components = {…}` listing the elements MDXComponents may replace, `_jsx(Component, {props})` calls; mdx-loader’s toc plugin: `export const toc`',
      use: 'transform.ts reads the imports, `_components` keys and Tabs props to decide whether the article can stay server HTML; `withProvider` renames the default export and wraps it',
      check: (pkgs) => {
        const major = Number(pkgs.version('@mdx-js/mdx').split('.')[0]);
        if (major !== 3) throw new Error(`@mdx-js/mdx is ${pkgs.version('@mdx-js/mdx')}, not 3.x`);
        expectText(pkgs, '@mdx-js/mdx', 'lib/plugin/recma-document.js', [
          ["'MDXContent'", 'names the default export MDXContent'],
        ]);
        expectText(pkgs, '@mdx-js/mdx', 'lib/plugin/recma-jsx-rewrite.js', [
          ["'_components'", 'collects replaceable elements in `_components`'],
        ]);
        expectText(pkgs, MDX_LOADER, 'lib/remark/toc/index.js', [
          ["options.name || 'toc'", 'exports the table of contents as `toc`'],
        ]);
      },
    },
    {
      id: 'content plugins’ Markdown rules',
      needs:
        'the blog and docs plugins’ configureWebpack rules: `include` the content folders, `use` an @docusaurus/mdx-loader item (no JS loader after it), in both compilers',
      use: 'index.ts puts loader.cjs first in those rules, so it runs on mdx-loader’s output',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/plugin-content-blog', 'lib/index.js', [
          [
            'use: [mdxLoaderItem, createBlogMarkdownLoader()]',
            'uses the mdx-loader item (then its truncating loader) in its Markdown rule',
          ],
          [/include: contentDirs/, 'includes its content folders in its Markdown rule'],
        ]);
        expectText(pkgs, '@docusaurus/plugin-content-docs', 'lib/index.js', [
          ['createMDXLoaderRule)({', 'makes its Markdown rule with createMDXLoaderRule'],
          ['include: contentDirs', 'includes its content folders in its Markdown rule'],
        ]);
        expectText(pkgs, MDX_LOADER, 'lib/createMDXLoader.js', [
          [
            'use: [await createMDXLoaderItem(options)]',
            'makes a rule of the mdx-loader item alone',
          ],
        ]);
      },
    },
    {
      id: 'loaded content',
      needs:
        'allContentLoaded: the blog’s `blogPosts[].metadata.{source, permalink}` and the docs’ `loadedVersions[].docs[].{source, permalink}`, `source` as `@site/…`',
      use: 'index.ts lists each post and doc page’s Markdown file (a candidate) with its path',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/plugin-content-docs', 'lib/index.js', [
          ['loadedVersions', 'loads its content as `loadedVersions`'],
        ]);
        expectText(pkgs, '@docusaurus/plugin-content-blog', 'lib/index.js', [
          ['blogPosts', 'loads its content as `blogPosts`'],
        ]);
        expectText(pkgs, '@docusaurus/utils', 'lib/pathUtils.js', [
          ['@site/', 'aliases site files as `@site/…`'],
        ]);
      },
    },
    {
      id: 'ComponentCreator copies named exports',
      needs:
        '@docusaurus/core lib/client/exports/ComponentCreator.js gives a route prop the module’s default export with its other exports copied onto it',
      use: 'a shell’s default export is a fresh component per page, which carries `toc`, `metadata`, … to the theme',
      check: (pkgs) =>
        expectText(pkgs, '@docusaurus/core', 'lib/client/exports/ComponentCreator.js', [
          ['const chunk = loadedModule.default;', 'takes the default export as the prop'],
          ['chunk[nonDefaultKey] =', 'copies the other exports onto it'],
        ]),
    },
    {
      id: 'React keeps the server HTML of dangerouslySetInnerHTML',
      needs:
        'react-dom 19 (client, production): hydrating an element whose props have `dangerouslySetInnerHTML` with a non-null `__html` reconciles none of its children (shouldSetTextContent), and later renders write `innerHTML` only when `__html` changes',
      use: 'client/Article.tsx renders the article element that way, with the HTML the page showed',
      check: (pkgs) =>
        expectText(pkgs, 'react-dom', 'cjs/react-dom-client.production.js', [
          [
            /function shouldSetTextContent\(type, props\) \{[^}]*null != props\.dangerouslySetInnerHTML\.__html/,
            'treats an element with dangerouslySetInnerHTML.__html as one without child fibres',
          ],
          [
            '(null != prevValue ? prevValue.__html : void 0) !== key &&',
            'writes innerHTML only when __html changes',
          ],
        ]),
      checkedBy:
        'tests/e2e/article-once.spec.ts (the article’s nodes are the same objects after hydration and carry no fibre)',
    },
    {
      id: 'article element',
      needs:
        '@docusaurus/utils-common `blogPostContainerID` is `__blog-post-container`; theme-common `ThemeClassNames.docs.docMarkdown` is `theme-doc-markdown`',
      use: 'selectors.ts finds the article in a built page (extract.ts) and in the browser (client/store.ts)',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/utils-common', 'lib/index.js', [
          [
            "exports.blogPostContainerID = '__blog-post-container'",
            'names the post container `__blog-post-container`',
          ],
        ]);
        expectText(pkgs, '@docusaurus/theme-common', 'lib/utils/ThemeClassNames.js', [
          ["docMarkdown: 'theme-doc-markdown'", 'names the doc article class `theme-doc-markdown`'],
        ]);
      },
    },
    {
      id: 'MDXContent provides the components',
      needs:
        '`@theme/MDXContent` renders its children inside MDXProvider with `@theme/MDXComponents`',
      use: 'every blog and docs module wraps its default export in it (transform.ts `withProvider`)',
      check: (pkgs) =>
        expectText(pkgs, '@docusaurus/theme-classic', 'lib/theme/MDXContent/index.js', [
          ['<MDXProvider components={MDXComponents}>', 'provides MDXComponents to its children'],
        ]),
    },
    {
      id: 'a failed preload reloads the page',
      needs:
        '@docusaurus/core lib/client/PendingNavigation.js: when `preload(pathname)` rejects, it logs a warning and calls `window.location.reload()`',
      use: 'a failed article fetch, or one written by another build, rejects the route’s preload: the reader gets the new build',
      check: (pkgs) =>
        expectText(pkgs, '@docusaurus/core', 'lib/client/PendingNavigation.js', [
          [
            /\.catch\(\(e\) => \{\s*console\.warn\(e\);[\s\S]{0,400}?window\.location\.reload\(\);/,
            'reloads the page when a preload fails',
          ],
        ]),
    },
    {
      id: 'the site’s CodeBlock',
      needs:
        'src/theme/CodeBlock renders the code blocks: its imports are all in the installed theme, so theme-fallback has not pointed @theme/CodeBlock at the theme’s own',
      use: 'client/enhance.ts gives the buttons of that markup (`data-code-action`) their work inside articles',
      check: (pkgs) => {
        const codeBlock = theme.find((subject) => subject.name === 'theme/CodeBlock');
        const broken =
          codeBlock &&
          checkSubject(codeBlock, pkgs).find(
            (f) => f.status === 'broken' && f.assumption === 'imports',
          );
        if (!codeBlock || broken) {
          throw new Error(
            `the theme’s own CodeBlock renders instead (${broken?.error ?? 'no theme/CodeBlock subject'})`,
          );
        }
      },
    },
    {
      id: 'build hash',
      needs:
        'the bundler’s `__webpack_hash__` in the browser equals `stats.hash` of the client compilation',
      use: 'lazy-routes writes that hash into every manifest and article file; the browser compares it with its own',
      checkedBy:
        'tests/e2e/article-once.spec.ts (client navigation to a post and a doc loads their articles)',
    },
  ],
};

export default articleOnce;
