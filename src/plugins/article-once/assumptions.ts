/**
 * What article-once takes for granted about @docusaurus/*, MDX and React
 * (see src/contract/index.ts), and the theme behaviour it copies. Checked by
 * tests/contract against the installed versions, and by the plugin when it
 * is made: one that does not hold switches the whole plugin off (index.ts),
 * and the site renders with the theme's own components.
 *
 * It ships copies of two theme components (theme/BlogPostItem/Content,
 * theme/DocItem/Content), reads the blog's list pages and what their items
 * read of a post's preview, and gives work to theme markup that React never
 * hydrates inside an article: the theme's Tabs (client/tabs.ts), the
 * `Link` click rules (client/links.ts) and the site's CodeBlock buttons
 * (client/codeBlocks.ts).
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expectText, type Installed, type Subject} from '../../contract';
import {importsAssumption, themeFallback, upstreamAssumption} from '../../contract/theme';

const MDX_LOADER = '@docusaurus/mdx-loader';
const THEME_CLASSIC = '@docusaurus/theme-classic';

/**
 * core's isInternalUrl still takes a URL with a protocol, or one starting
 * `//`, for an external link, and a path or `#anchor` for an internal one:
 * its `hasProtocol` pattern is read from the file and run on examples (3.7
 * writes it `\w*:`, 3.10 as RFC 3986's scheme; client/links.ts decides by the
 * URL's origin, which both agree with).
 */
function expectExternalUrls(pkgs: Installed): void {
  const file = 'lib/client/exports/isInternalUrl.js';
  const source = /return \/(.+)\/\.test\(url\)/.exec(pkgs.read('@docusaurus/core', file))?.[1];
  const hasProtocol = source === undefined ? undefined : new RegExp(source);
  const external = [
    'https://example.com/',
    'http://example.com',
    '//example.com/x',
    'mailto:a@b.c',
  ];
  const internal = ['/docs/intro', 'docs/intro', '#top', '?page=2', '/blog/a:b'];
  if (
    !hasProtocol ||
    !external.every((url) => hasProtocol.test(url)) ||
    internal.some((url) => hasProtocol.test(url))
  ) {
    throw new Error(
      `@docusaurus/core/${file} no longer treats a URL with a protocol (or \`//\`) as external`,
    );
  }
}
const BLOG = '@docusaurus/plugin-content-blog';

/** What the copies of BlogPostItem/Content and DocItem/Content change. */
const CONTENT_CHANGES = [
  'renders the page’s module without MDXContent (the loader has each module provide its own)',
  'a shell’s article (a doc’s synthetic title included), or a post’s preview on a list page, renders through its `Article`, in the same element',
  'a list page’s preview element carries its post’s path (`data-preview`), for client/capture.ts',
];

/** The theme's components a list page renders each post with (3.7.0). */
const LIST_ITEM_FILES = [
  'BlogPostItems',
  'BlogPostItem',
  'BlogPostItem/Container',
  'BlogPostItem/Header',
  'BlogPostItem/Header/Title',
  'BlogPostItem/Header/Info',
  'BlogPostItem/Header/Authors',
  'BlogPostItem/Content',
  'BlogPostItem/Footer',
  'BlogPostItem/Footer/ReadMoreLink',
].map((name) => `lib/theme/${name}/index.js`);

/** What of a preview module a list item must not read: a preview's shell leaves it out (transform.ts). */
const UNREAD = [
  [/\b(frontMatter|contentTitle|toc|nextItem|prevItem)\b/, 'reads $1'],
  [/\bmetadata\.(description|source)\b/, 'reads metadata.$1'],
  [/\{[^{}]*\b(description|source)\b[^{}]*\}\s*=\s*metadata\b/, 'reads $1 of the metadata'],
] as const;

/** The site's own files under `dir` (a folder of the repository), recursively. */
function siteFiles(pkgs: Installed, dir: string): string[] {
  const root = path.join(pkgs.siteDir, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(tsx?|jsx?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Throws when a list item's component reads what a preview's shell leaves out. */
function checkListReads(pkgs: Installed): void {
  const sources: [string, string][] = [
    ...LIST_ITEM_FILES.map((file): [string, string] => [
      `${THEME_CLASSIC}/${file}`,
      pkgs.read(THEME_CLASSIC, file),
    ]),
    ...[
      ...siteFiles(pkgs, 'src/theme/BlogPostItem'),
      ...siteFiles(pkgs, 'src/theme/BlogPostItems'),
      ...siteFiles(pkgs, 'src/plugins/article-once/theme/BlogPostItem'),
    ].map((file): [string, string] => [
      path.relative(pkgs.siteDir, file),
      readFileSync(file, 'utf8'),
    ]),
  ];
  for (const [name, text] of sources) {
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const [pattern, meaning] of UNREAD) {
      const match = pattern.exec(code);
      if (match) throw new Error(`${name} ${meaning.replace('$1', match[1] ?? '')} of a list item`);
    }
  }
  expectText(pkgs, THEME_CLASSIC, 'lib/theme/BlogPostItems/index.js', [
    ['key={BlogPostContent.metadata.permalink}', 'keys each item by its metadata’s permalink'],
  ]);
  // The list's JSON-LD reads the items' front matter: in the browser it is the server's,
  // as long as the site's StructuredData renders (not the theme's, which theme-fallback
  // puts in its place when an import of the site's breaks).
  const fallback = themeFallback('BlogListPage/StructuredData', pkgs);
  if (fallback) {
    throw new Error(
      `the theme’s own BlogListPage/StructuredData renders instead, and reads the previews’ front matter (${fallback})`,
    );
  }
  const structuredData = 'src/theme/BlogListPage/StructuredData';
  const browser = path.join(pkgs.siteDir, structuredData, 'useBlogJsonLd.browser.ts');
  if (!existsSync(browser) || /useBlogListPageStructuredData/.test(readFileSync(browser, 'utf8'))) {
    throw new Error(
      `${structuredData}/useBlogJsonLd.browser.ts no longer takes the server’s JSON-LD`,
    );
  }
  for (const page of ['Blog/Pages/BlogAuthorsPostsPage', 'BlogTagsPostsPage']) {
    if (pkgs.read(THEME_CLASSIC, `lib/theme/${page}/index.js`).includes('StructuredData')) {
      throw new Error(`${THEME_CLASSIC} ${page} now has structured data of its items`);
    }
  }
}

const articleOnce: Subject = {
  name: 'article-once',
  kind: 'plugin',
  files: ['src/plugins/article-once/'],
  whenBroken:
    'switches itself off with a build warning (no theme components, no loader, no client module): every post and doc renders with the theme’s own components and ships and hydrates its article as JavaScript again (the pages work as before, heavier)',
  switchOffs: [
    {
      force: 'article-once',
      warns: ['article-once'],
      leaves:
        'every post and doc renders with the theme’s own BlogPostItem/Content and DocItem/Content and hydrates its article',
    },
    // Its other switch-off, when lazy-routes is off, is forced through lazy-routes.
  ],
  assumptions: [
    upstreamAssumption(
      'BlogPostItem/Content/index.tsx',
      '538f933a20aa6445f733b478778d5a55e605a662cd86c517dbc9febdd4fd8b77',
      CONTENT_CHANGES,
    ),
    upstreamAssumption(
      'DocItem/Content/index.tsx',
      'a60acf97ab953670816c13b7f28c68f9e3d15af00d5b9f8a5e602e8dcc20448b',
      CONTENT_CHANGES,
    ),
    importsAssumption(
      [
        'src/plugins/article-once/theme/BlogPostItem/Content/index.tsx',
        'src/plugins/article-once/theme/DocItem/Content/index.tsx',
      ],
      CONTENT_CHANGES,
    ),
    {
      id: 'plugin theme components',
      needs:
        '@docusaurus/core 3.7.0 webpack/aliases: `@theme/…` of each plugin’s getThemePath after the theme-fallback folder, later plugins shadowing earlier ones (site plugins come after the preset’s themes), the site’s src/theme last',
      use: 'getThemePath gives theme/: its BlogPostItem/Content and DocItem/Content replace theme-classic’s while the plugin is on, and a site wrapper’s `@theme-original/…` would reach them',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/core', 'lib/webpack/aliases/index.js', [
          [
            'return createThemeAliases([ThemeFallbackDir, ...pluginThemes], [userTheme]);',
            'puts the plugins’ theme folders, in plugin order, before the site’s src/theme',
          ],
          ['aliases[aliasKey] = alias;', 'lets a later theme folder shadow an earlier one'],
          ["'@theme-original'", 'aliases `@theme-original/…` to the plugins’ components'],
        ]);
        expectText(pkgs, '@docusaurus/core', 'lib/server/plugins/configs.js', [
          [
            /\.\.\.preset\.themes,[\s\S]*?\.\.\.standalonePlugins,/,
            'orders the site’s plugins after the preset’s themes',
          ],
        ]);
      },
    },
    {
      id: 'Tabs markup',
      needs:
        'theme-classic’s Tabs and TabItem (lib/theme/Tabs, TabItem): a `tabs-container` holding a `role="tablist"` of `role="tab"` items (`tabs__item--active`, `aria-selected` and `tabIndex` 0 on the selected one, -1 on the others) and a div of `role="tabpanel"` panels, all but the selected one `hidden`; a click or Enter selects, ArrowRight / ArrowLeft move the focus (wrapping); the tab list keeps its place on screen',
      use: 'client/tabs.ts does the same on that markup, with no React',
      check: (pkgs) => {
        expectText(pkgs, THEME_CLASSIC, 'lib/theme/Tabs/index.js', [
          ["'tabs-container'", 'renders a `tabs-container`'],
          ['role="tablist"', 'renders the tab list as `role="tablist"`'],
          ['role="tab"', 'renders each tab as `role="tab"`'],
          ['tabIndex={selectedValue === value ? 0 : -1}', 'gives the selected tab tabIndex 0'],
          ['aria-selected={selectedValue === value}', 'marks the selected tab aria-selected'],
          ["'tabs__item--active': selectedValue === value", 'marks it `tabs__item--active`'],
          ['<div className="margin-top--md">', 'puts the panels in one div'],
          ["case 'Enter':", 'selects a tab on Enter'],
          [
            'focusElement = tabRefs[nextTab] ?? tabRefs[0];',
            'moves right with ArrowRight, wrapping',
          ],
          [
            'focusElement = tabRefs[prevTab] ?? tabRefs[tabRefs.length - 1];',
            'moves left with ArrowLeft, wrapping',
          ],
          [
            'blockElementScrollPositionUntilNextRender(newTab);',
            'keeps the tab where it was on screen',
          ],
        ]);
        expectText(pkgs, THEME_CLASSIC, 'lib/theme/TabItem/index.js', [
          ['role="tabpanel"', 'renders a panel as `role="tabpanel"`'],
          ['{...{hidden}}', 'hides a panel with the `hidden` attribute'],
        ]);
        // Tabs hides the others up to 3.9; from 3.10 each TabItem hides itself.
        const hidesOthers =
          pkgs
            .read(THEME_CLASSIC, 'lib/theme/Tabs/index.js')
            .includes('hidden: tabItem.props.value !== selectedValue') ||
          pkgs.read(THEME_CLASSIC, 'lib/theme/TabItem/index.js').includes('hidden={!isSelected}');
        if (!hidesOthers) {
          throw new Error(
            `${THEME_CLASSIC}/lib/theme/Tabs or TabItem no longer hides every panel but the selected`,
          );
        }
      },
      checkedBy:
        'tests/e2e/article-once.spec.ts (Tabs inside an article switch on click and on Enter, and the arrow keys move along them)',
    },
    {
      id: 'Link click rules',
      needs:
        '@docusaurus/core Link (lib/client/exports/Link.js) and react-router-dom 5’s Link: a link to the site without a target other than `_self` navigates on the client, with `history.replace` to the page itself; a click with a modifier key or another button is the browser’s; hovering or touching preloads the page, coming on screen prefetches it once; a URL with a protocol, or a same-page `#anchor`, is a plain link',
      use: 'client/links.ts does the same for the links inside an article, with no React',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/core', 'lib/client/exports/Link.js', [
          [
            "const hasInternalTarget = !props.target || props.target === '_self';",
            'leaves a link with a target other than `_self` to the browser',
          ],
          ['(isAnchorLink && router !== ', 'leaves a same-page `#anchor` to the browser'],
          [
            'onMouseEnter={onInteractionEnter} onTouchStart={onInteractionEnter}',
            'preloads on hover and touch',
          ],
          ['window.docusaurus.preload(targetLink);', 'preloads with window.docusaurus.preload'],
          [
            'entry.isIntersecting || entry.intersectionRatio > 0',
            'prefetches once the link is on screen',
          ],
          ['window.docusaurus.prefetch(targetLink);', 'prefetches with window.docusaurus.prefetch'],
        ]);
        expectExternalUrls(pkgs);
        expectText(pkgs, 'react-router-dom', 'esm/react-router-dom.js', [
          ['event.button === 0', 'navigates on a left click only'],
          ['!isModifiedEvent(event)', 'leaves a click with a modifier key to the browser'],
          [
            'replace || isDuplicateNavigation ? history.replace : history.push',
            'replaces the entry for a link to the page itself',
          ],
        ]);
      },
      checkedBy:
        'tests/e2e/article-once.spec.ts (a link inside the article preloads its page on hover, prefetches it once visible, and opens it on the client; a modified click is the browser’s)',
    },
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
      id: 'list pages’ previews',
      needs:
        '@docusaurus/plugin-content-blog lib/routes.js: each list page (the blog’s, an author’s, a tag’s, and their pages) has `items: [{content: {__import: true, path: <the post’s metadata.source>, query: {truncated: true}}}]`; its markdownLoader truncates a module whose resource query has `truncated`; core’s codegenRoutes writes such a module as `<path>?truncated=true`; postBuild gets the routes',
      use: 'the loader makes each candidate’s `?truncated` module a shell (a preview); postBuild finds the list pages in the routes (index.ts listPages) and writes each one’s article file of previews; lazy-routes counts a `?truncated=true` registry path as its post’s file (src/lib/build-files.ts moduleFile)',
      check: (pkgs) => {
        expectText(pkgs, BLOG, 'lib/routes.js', [
          [
            /function blogPostItemsModule\(ids\) \{[\s\S]*?__import: true,\s*path: getBlogPostById\(id\)\.metadata\.source,\s*query: \{\s*truncated: true,/,
            'lists each post of a list page as its Markdown with `query: {truncated: true}`',
          ],
          ['items: blogPostItemsModule(', 'gives list pages their posts as `items`'],
        ]);
        expectText(pkgs, BLOG, 'lib/markdownLoader.js', [
          [".get('truncated')", 'truncates a module whose resource query has `truncated`'],
        ]);
        expectText(pkgs, '@docusaurus/core', 'lib/server/codegen/codegenRoutes.js', [
          ['!!value?.__import', 'tells a module import by `__import`'],
          [
            'querystring_1.default.stringify(target.query)',
            'writes a module with a query as `<path>?<query>`',
          ],
        ]);
      },
    },
    {
      id: 'what a list reads of a preview',
      needs:
        'theme-classic 3.7.0’s BlogPostItems and BlogPostItem with its Header, Content and Footer (and the site’s wrappers of them) read a preview module’s `metadata` (never its description, frontMatter, nextItem, prevItem or source) and `assets`, not its `frontMatter`, `toc` or `contentTitle`; the lists’ JSON-LD, which does, is the server’s in the browser (src/theme/BlogListPage/StructuredData’s useBlogJsonLd.browser.ts, put in place by lazy-routes, which is on whenever there are shells); author and tag pages have none; a JSON module asked for with a query goes through a rule with that `resourceQuery`',
      use: 'a preview’s shell keeps `metadata` and `assets` only, its metadata through the loader without those fields (transform.ts PREVIEW_EXPORTS, previewMetadata): a list page ships each post’s title, date, authors and link, not its description',
      check: checkListReads,
      checkedBy:
        'tests/e2e/list-previews.spec.ts (every list page hydrates its previews with no fibre and no console error) and tests/e2e/smoke.spec.ts (a hydration mismatch is a console error)',
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
      use: 'selectors.ts finds the article in a built page (extract.ts) and in the browser (client/capture.ts)',
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
      use: 'client/codeBlocks.ts gives the buttons of that markup (`data-code-action`) their work inside articles, with src/lib/enhance-code-block.ts',
      check: (pkgs) => {
        const fallback = themeFallback('CodeBlock', pkgs);
        if (fallback) throw new Error(`the theme’s own CodeBlock renders instead (${fallback})`);
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
