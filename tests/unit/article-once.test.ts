/**
 * src/plugins/article-once: what a page's compiled Markdown becomes in the
 * browser bundle. The modules here are compiled by the installed @mdx-js/mdx
 * as mdx-loader compiles them (its export header prepended, a `toc` export
 * added as Docusaurus's toc plugin adds it).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {parse} from 'acorn';
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
async function compiled(mdx: string): Promise<string> {
  const {compile} = await import('@mdx-js/mdx');
  const {default: gfm} = await import('remark-gfm');
  const program = String(
    await compile(mdx, {providerImportSource: '@mdx-js/react', remarkPlugins: [gfm]}),
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
