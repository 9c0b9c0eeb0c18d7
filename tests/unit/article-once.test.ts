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
  shellModule,
  withProvider,
} from '../../src/plugins/article-once/transform';
import {articleHtml} from '../../src/plugins/article-once/extract';

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
