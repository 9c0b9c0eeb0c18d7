/**
 * src/plugins/article-once: what a page's compiled Markdown becomes in the
 * browser bundle. The modules here are compiled by the installed @mdx-js/mdx
 * as mdx-loader compiles them (its export header prepended, a `toc` export
 * added as Docusaurus's toc plugin adds it).
 */
import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {test, type TestContext} from 'node:test';
import {parse} from 'acorn';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Element, Root} from 'hast';
import type {PluggableList} from 'unified';
import {installed, SITE_DIR} from '../../src/contract';
import {candidatesFile, readCandidates, writeLazyRoutes} from '../../src/lib/build-files';
import articleOncePlugin from '../../src/plugins/article-once';
import type {LoaderOptions} from '../../src/plugins/article-once/loader';
import {
  assetRequests,
  behavioursOf,
  browserReason,
  parseModule,
  PREVIEW_EXPORTS,
  previewMetadata,
  shellModule,
  withProvider,
} from '../../src/plugins/article-once/transform';
import {articleHtml, previewsHtml} from '../../src/plugins/article-once/extract';
import articleOnceLoader, {isPreviewQuery} from '../../src/plugins/article-once/loader';
import {listPages} from '../../src/plugins/article-once';

const HEADER = `
export const frontMatter = {title: 'A post'};
export const contentTitle = undefined;
export {default as metadata} from '@site/.docusaurus/plugin/post.json'
export const assets = {"authorsImageUrls": [undefined]};
`;
const TOC = 'export const toc = [{value: "Part one", id: "part-one", level: 2}];';

/** Compiles MDX as mdx-loader does (function calls, not JSX; the provider import; GFM). */
async function compiled(mdx: string, rehypePlugins: PluggableList = []): Promise<string> {
  const {compile} = await import('@mdx-js/mdx');
  const {default: gfm} = await import('remark-gfm');
  const program = String(
    await compile(mdx, {
      providerImportSource: '@mdx-js/react',
      remarkPlugins: [gfm],
      rehypePlugins,
    }),
  );
  return `${HEADER}\n${program.replace(/^(import .*\n)+/m, (imports) => `${imports}${TOC}\n`)}`;
}

const CLIENT = '@site/src/plugins/article-once/client';
const noFiles = () => 0;

test('plain Markdown becomes a shell: the page’s exports and no word of its body', async () => {
  const code = await compiled('## Part one\n\nThe body says something only it says.\n');
  const program = parseModule(code);
  assert.equal(browserReason(code, program), null);
  const shell = shellModule(code, program, CLIENT, noFiles);
  assert.doesNotMatch(shell, /only it says/);
  for (const name of ['frontMatter', 'contentTitle', 'assets', 'toc']) {
    assert.match(shell, new RegExp(`export const ${name} = `), name);
  }
  assert.match(
    shell,
    /export \{default as metadata\} from '@site\/\.docusaurus\/plugin\/post\.json'/,
  );
  assert.match(shell, /^export default __articleOnce\(__links\);$/m);
  assert.doesNotMatch(shell, /react\/jsx-runtime|@mdx-js\/react/);
  // A module the bundler can read.
  assert.doesNotThrow(() => parse(shell, {ecmaVersion: 'latest', sourceType: 'module'}));
});

test('a post’s preview becomes a shell of what a list reads: its assets, and its metadata asked for as a list takes it', async () => {
  const code = await compiled(
    'The opening says something only it says, with [a link](/blog/other).\n',
  );
  const program = parseModule(code);
  assert.equal(browserReason(code, program, PREVIEW_EXPORTS), null);
  const shell = shellModule(code, program, CLIENT, noFiles, true);
  assert.doesNotMatch(shell, /only it says/);
  assert.match(shell, /^export const assets = /m);
  assert.match(
    shell,
    /^export \{default as metadata\} from "@site\/\.docusaurus\/plugin\/post\.json\?article-once-preview";?$/m,
  );
  // The post page reads these; a list does not.
  assert.doesNotMatch(shell, /frontMatter|contentTitle|export const toc/);
  assert.match(shell, /^import \{previewOnce as __articleOnce\} from "[^"]+\/previews";$/m);
  assert.match(shell, /^export default __articleOnce\(__links\);$/m);
  assert.doesNotThrow(() => parse(shell, {ecmaVersion: 'latest', sourceType: 'module'}));
});

test('a post’s metadata, as a preview’s shell takes it, lacks only what no list reads', () => {
  const metadata = {
    permalink: '/blog/a',
    source: '@site/blog/a.md',
    title: 'A',
    description: 'What the post is about, for its own page',
    date: '2025-09-15T00:00:00.000Z',
    tags: [],
    readingTime: 3,
    hasTruncateMarker: true,
    authors: [{name: '林深', key: 'linshen'}],
    frontMatter: {title: 'A'},
    unlisted: false,
    nextItem: {title: 'B', permalink: '/blog/b'},
    prevItem: {title: 'C', permalink: '/blog/c'},
  };
  assert.deepEqual(JSON.parse(previewMetadata(JSON.stringify(metadata))), {
    permalink: '/blog/a',
    title: 'A',
    date: '2025-09-15T00:00:00.000Z',
    tags: [],
    readingTime: 3,
    hasTruncateMarker: true,
    authors: [{name: '林深', key: 'linshen'}],
    unlisted: false,
  });
});

test('the loader makes a shell of a candidate’s preview, says so, and says why when it cannot', async (t) => {
  const dir = scratch(t, 'article-once-loader-');
  const source = path.join(dir, 'blog', 'a.md');
  const candidates = path.join(dir, 'candidates.json');
  writeFileSync(candidates, JSON.stringify({[source]: '/blog/a'}));
  const options: LoaderOptions = {
    shells: true,
    candidatesFile: candidates,
    decisionsDir: path.join(dir, 'decisions'),
    siteDir: dir,
    clientDir: CLIENT,
    providerModule: '@theme/MDXContent',
  };
  const load = (code: string, resourceQuery: string) =>
    articleOnceLoader.call({resourcePath: source, resourceQuery, getOptions: () => options}, code);
  assert.equal(isPreviewQuery('?truncated=true'), true);
  assert.equal(isPreviewQuery(''), false);
  assert.match(load(await compiled('An opening.\n'), '?truncated=true'), /previewOnce/);
  const logged: string[] = [];
  t.mock.method(console, 'log', (message: string) => logged.push(message));
  const chart = "import Chart from '@site/src/components/Chart';\n\n<Chart />\n";
  assert.match(load(await compiled(chart), '?truncated=true'), /MDXContentWithProvider/);
  assert.match(
    logged.join('\n'),
    /\[article-once\] blog\/a\.md \(the preview of \/blog\/a on the list pages\) is rendered in the browser as before: it imports @site\/src\/components\/Chart/,
  );
  // The post's own module is decided apart from its preview.
  assert.match(
    load(await compiled('An opening.\n\nThe rest.\n'), ''),
    /articleOnce as __articleOnce/,
  );
  const decisions = readdirSync(options.decisionsDir).map(
    (file) => JSON.parse(readFileSync(path.join(options.decisionsDir, file), 'utf8')) as object,
  );
  assert.deepEqual(
    decisions.map((d) => JSON.stringify(d)).sort(),
    [
      {source, permalink: '/blog/a', preview: false, reason: null},
      {
        source,
        permalink: '/blog/a',
        preview: true,
        reason: 'imports @site/src/components/Chart, which may need the browser',
      },
    ]
      .map((d) => JSON.stringify(d))
      .sort(),
  );
  // A post's metadata, as the preview's shell asks for it.
  const json = JSON.stringify({permalink: '/blog/a', description: 'x'});
  assert.equal(
    articleOnceLoader.call(
      {
        resourcePath: `${dir}/a.json`,
        resourceQuery: '?article-once-preview',
        getOptions: () => options,
      },
      json,
    ),
    '{"permalink":"/blog/a"}',
  );
});

test('a shell loads the behaviours its article needs, and only those', async () => {
  const behaviours = async (mdx: string) => behavioursOf(parseModule(await compiled(mdx)));
  assert.deepEqual(await behaviours('Just [a link](/docs/intro).\n'), ['links']);
  assert.deepEqual(await behaviours('```bash\nls\n```\n'), ['links', 'codeBlocks']);
  assert.deepEqual(await behaviours('| a | b |\n| - | - |\n| 1 | 2 |\n'), ['links', 'tables']);
  assert.deepEqual(
    await behaviours(
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs><TabItem value=\"a\">A</TabItem></Tabs>\n",
    ),
    ['links', 'tabs'],
  );
});

test('Markdown that needs the browser keeps its module, and says why', async () => {
  const reason = async (mdx: string) => {
    const code = await compiled(mdx);
    return browserReason(code, parseModule(code));
  };
  assert.match(
    (await reason("import Chart from '@site/src/components/Chart';\n\n<Chart />\n")) ?? '',
    /imports @site\/src\/components\/Chart/,
  );
  assert.match(
    (await reason(
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs groupId="os"><TabItem value="a">A</TabItem></Tabs>\n',
    )) ?? '',
    /<Tabs groupId>/,
  );
  assert.match(
    (await reason(
      'export const Counter = () => { const [n, setN] = useState(0); return <b>{n}</b>; };\n\n<Counter />\n',
    )) ?? '',
    /defines Counter/,
  );
  assert.match(
    (await reason(
      'export const Button = () => <button onClick={() => 1}>x</button>;\n\n<Button />\n',
    )) ?? '',
    /defines Button/,
  );
  // A static component of the page and the site's own stylesheets are fine.
  assert.equal(
    await reason(
      "import styles from './page.module.css';\n\nexport const Mark = ({children}) => <span className={styles.mark}>{children}</span>;\n\n<Mark>x</Mark>\n",
    ),
    null,
  );
});

test('with code-highlight switched off, a page with code blocks keeps its module: the theme’s CodeBlock needs React for its buttons', async () => {
  // What src/plugins/code-highlight/rehype.ts does to each block when switched off.
  const themeCodeBlocks = () => (tree: Root) => {
    const visit = (node: Root | Element): void => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (child.tagName === 'code' && node.type === 'element' && node.tagName === 'pre') {
          child.properties.themeCodeBlock = true;
        }
        visit(child);
      }
    };
    visit(tree);
  };
  const code = await compiled('Text.\n\n```bash\nls\n```\n', [themeCodeBlocks]);
  assert.match(
    browserReason(code, parseModule(code)) ?? '',
    /code blocks for the theme’s own CodeBlock \(code-highlight is switched off\)/,
  );
  // Without code blocks the page still becomes a shell.
  const plain = await compiled('Text only.\n', [themeCodeBlocks]);
  assert.equal(browserReason(plain, parseModule(plain)), null);
});

test('a page’s stylesheet stays imported in its shell (the site stylesheet is made of what the browser imports)', async () => {
  const code = await compiled(
    "import styles from './page.module.css';\n\n<span className={styles.x}>x</span>\n",
  );
  const shell = shellModule(code, parseModule(code), CLIENT, noFiles);
  assert.match(shell, /^import "\.\/page\.module\.css";$/m);
});

test('files only the browser build writes stay required: file-loader links, images too big to inline', () => {
  const urlLoader = (file: string) =>
    `!/nm/url-loader/dist/cjs.js?limit=10000&name=assets/images/[name]-[contenthash].[ext]&fallback=/nm/file-loader/dist/cjs.js!${file}`;
  const fileLoader =
    '!/nm/file-loader/dist/cjs.js?name=assets/files/[name]-[contenthash].[ext]!./img/a.svg';
  const code = `export default function MDXContent() {
    return [require(${JSON.stringify(urlLoader('./img/small.png'))}).default,
            require(${JSON.stringify(urlLoader('./img/big.png'))}).default,
            require(${JSON.stringify(fileLoader)}).default, require("react")];
  }`;
  const sizes: Record<string, number> = {'./img/small.png': 2_000, './img/big.png': 50_000};
  assert.deepEqual(
    assetRequests(parseModule(code), (file) => sizes[file] ?? 0),
    [
      '!/nm/file-loader/dist/cjs.js?name=assets/images/[name]-[contenthash].[ext]!./img/big.png',
      fileLoader,
    ],
  );
});

test('every module provides its own MDX components: the default export wraps the original in MDXContent', async () => {
  const code = await compiled('Text.\n');
  const wrapped = withProvider(code, parseModule(code), '@theme/MDXContent');
  const program = parse(wrapped, {ecmaVersion: 'latest', sourceType: 'module'});
  const defaults = program.body.filter((node) => node.type === 'ExportDefaultDeclaration');
  assert.equal(defaults.length, 1);
  assert.match(wrapped, /^import __MDXProvider from "@theme\/MDXContent";$/m);
  assert.match(wrapped, /^function MDXContent\(/m);
  assert.match(
    wrapped,
    /__jsx\(__MDXProvider, \{children: __jsx\(MDXContent, \{\.\.\.props\}\)\}\)/,
  );
  assert.match(wrapped, /export const toc = /);
});

test('a built page’s article is the exact markup between the start and end tags of its element', () => {
  const article =
    '<h2 id=a>A</h2><p>One<p>Two<div class=x><svg><path d="M0 0"/><circle r=1 /></svg><br><img src=a.png></div>';
  const page = `<!doctype html><main><div class=wrapper><div id=__blog-post-container class=markdown>${article}</div><nav>after</nav></div></main>`;
  assert.equal(articleHtml(page), article);
  const doc = `<div class="theme-doc-markdown markdown"><header><h1>T</h1></header><p>x</div><footer>`;
  assert.equal(articleHtml(doc), '<header><h1>T</h1></header><p>x');
  assert.equal(articleHtml('<div class=markdown>list excerpt</div>'), undefined);
});

test('a list page’s previews are the exact markup of each element marked with its post’s path', () => {
  const one = '<p>One &amp; <a href=/blog/b>two</a><p>Three';
  const list = `<main><article><header><h2><a href=/blog/a>A</a></h2></header><div class=markdown data-preview="/blog/a&amp;b">${one}</div><footer>more</footer></article><article><div class=markdown data-preview=/blog/c><ul><li>x</ul></div></article></main>`;
  assert.deepEqual(
    [...previewsHtml(list)],
    [
      ['/blog/a&b', one],
      ['/blog/c', '<ul><li>x</ul>'],
    ],
  );
  assert.deepEqual([...previewsHtml('<div id=__blog-post-container>a post</div>')], []);
});

test('the list pages are the routes that show a candidate’s preview: the blog’s, an author’s, nested ones too', () => {
  const preview = (file: string) => ({
    __import: true,
    path: `@site/blog/${file}`,
    query: {truncated: true},
  });
  const routes: Parameters<typeof listPages>[0] = [
    {
      path: '/blog',
      modules: {
        sidebar: '~blog/sidebar.json',
        items: [{content: preview('a.md')}, {content: preview('b.md')}],
      },
    },
    {path: '/blog/a', modules: {content: '@site/blog/a.md'}},
    {
      path: '/blog/authors/x',
      modules: {items: [{content: preview('a.md')}, {content: preview('other.md')}]},
    },
    {path: '/docs', routes: [{path: '/docs/list', modules: {items: [{content: preview('b.md')}]}}]},
    {path: '/blog/archive', modules: {archive: {__import: true, path: '~blog/archive.json'}}},
  ];
  const isCandidate = (modulePath: string) => /\/(a|b)\.md$/.test(modulePath);
  assert.deepEqual(listPages(routes, isCandidate), [
    {path: '/blog', previews: ['@site/blog/a.md', '@site/blog/b.md']},
    {path: '/blog/authors/x', previews: ['@site/blog/a.md']},
    {path: '/docs/list', previews: ['@site/blog/b.md']},
  ]);
});

// ---------------------------------------------------------------------------
// The plugin as Docusaurus sees it: on, and switched off.

/** A folder for one test, under the site's node_modules (a site made there finds its packages). */
function scratch(t: TestContext, prefix: string): string {
  const cache = path.join(SITE_DIR, 'node_modules', '.cache');
  mkdirSync(cache, {recursive: true});
  const dir = mkdtempSync(path.join(cache, prefix));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  return dir;
}

/** The plugin made as `docusaurus build` makes it (production), its warnings collected. */
function productionPlugin(t: TestContext, context: Partial<LoadContext>): [Plugin, string[]] {
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (message: string) => warnings.push(message));
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return [articleOncePlugin(context as LoadContext), warnings];
  } finally {
    process.env.NODE_ENV = env;
  }
}

/** A bundler config with the docs plugin's Markdown rule (mdx-loader, for the docs folder). */
const mdxConfig = () => ({
  module: {
    rules: [
      {
        include: [path.join(SITE_DIR, 'docs')],
        use: [{loader: path.join(SITE_DIR, 'node_modules/@docusaurus/mdx-loader/lib/index.js')}],
      },
    ],
  },
});

const INTRO = path.join(SITE_DIR, 'docs', 'intro.md');
const ALL_CONTENT = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [{docs: [{source: '@site/docs/intro.md', permalink: '/docs/intro'}]}],
    },
  },
};

type Configure = (config: object, isServer: boolean) => object;
type AllContentLoaded = (args: {allContent: object}) => Promise<void>;

/** The loader options configureWebpack gave the docs rule, or undefined for no loader. */
function loaderOf(plugin: Plugin, isServer: boolean): LoaderOptions | undefined {
  const config = mdxConfig();
  (plugin.configureWebpack as unknown as Configure)(config, isServer);
  const [rule] = config.module.rules;
  const first = rule?.use[0] as {loader: string; options?: LoaderOptions} | undefined;
  return first?.loader.endsWith('loader.cjs') ? first.options : undefined;
}

test('on the installed Docusaurus the plugin brings its theme components, its client module and its loader in both bundles', async (t) => {
  const generatedFilesDir = scratch(t, 'article-once-on-');
  const [plugin, warnings] = productionPlugin(t, {siteDir: SITE_DIR, generatedFilesDir});
  assert.deepEqual(warnings, []);
  const themePath = plugin.getThemePath?.() ?? '';
  for (const component of ['BlogPostItem/Content', 'DocItem/Content']) {
    assert.ok(existsSync(path.join(themePath, component, 'index.tsx')), component);
  }
  assert.deepEqual(plugin.getClientModules?.(), [
    path.join(SITE_DIR, 'src/plugins/article-once/client/capture.ts'),
  ]);
  await (plugin.allContentLoaded as unknown as AllContentLoaded)({allContent: ALL_CONTENT});
  assert.deepEqual(readCandidates(generatedFilesDir), {[INTRO]: '/docs/intro'});
  // lazy-routes on (its plan written before this configureWebpack): shells in the browser bundle.
  writeLazyRoutes(generatedFilesDir, []);
  assert.equal(loaderOf(plugin, false)?.shells, true);
  assert.equal(loaderOf(plugin, true)?.shells, false);
});

test('with lazy-routes off the theme components stay, and so does the loader in both bundles, making no shells', async (t) => {
  const generatedFilesDir = scratch(t, 'article-once-no-lazy-');
  const [plugin, warnings] = productionPlugin(t, {siteDir: SITE_DIR, generatedFilesDir});
  await (plugin.allContentLoaded as unknown as AllContentLoaded)({allContent: ALL_CONTENT});
  // No plan: lazy-routes switched itself off. The browser bundle comes first or second.
  for (const order of [
    [false, true],
    [true, false],
  ]) {
    for (const isServer of order) {
      const options = loaderOf(plugin, isServer);
      assert.ok(options, `the ${isServer ? 'server' : 'browser'} bundle keeps the loader`);
      assert.equal(options.shells, false);
    }
  }
  assert.match(warnings.join('\n'), /\[switched off\] article-once: lazy-routes is off/);
  // The candidates stay: the loader of the other bundle still needs them.
  assert.deepEqual(readCandidates(generatedFilesDir), {[INTRO]: '/docs/intro'});
});

test('on a Docusaurus that breaks an assumption the plugin is its name only: the site is the theme’s own', async (t) => {
  // Issue: a behaviour-neutral edit of a string the contract checks (mdx-loader’s toc plugin).
  const site = scratch(t, 'article-once-off-');
  const loader = path.join(site, 'node_modules', '@docusaurus', 'mdx-loader');
  cpSync(installed().dir('@docusaurus/mdx-loader'), loader, {recursive: true});
  const toc = path.join(loader, 'lib', 'remark', 'toc', 'index.js');
  const text = readFileSync(toc, 'utf8');
  assert.ok(text.includes("options.name || 'toc'"));
  writeFileSync(toc, text.replace("options.name || 'toc'", "options.name ?? 'toc'"));
  // Candidates of an earlier build, which lazy-routes must not read.
  const generatedFilesDir = path.join(site, '.docusaurus');
  mkdirSync(path.dirname(candidatesFile(generatedFilesDir)), {recursive: true});
  writeFileSync(candidatesFile(generatedFilesDir), JSON.stringify({[INTRO]: '/docs/intro'}));

  const [plugin, warnings] = productionPlugin(t, {siteDir: site, generatedFilesDir});
  assert.deepEqual(Object.keys(plugin), ['name']);
  assert.deepEqual(readCandidates(generatedFilesDir), {});
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0] ?? '',
    /\[switched off\] article-once: MDX program: .*toc\/index\.js no longer exports the table of contents as `toc`\. Every page renders its article in the browser\./,
  );
});
