/**
 * What the article-once loader does to a compiled MDX module (the output of
 * @docusaurus/mdx-loader: its `frontMatter` / `contentTitle` / `metadata` /
 * `assets` exports, then @mdx-js/mdx's program: imports, `export const toc`,
 * `_createMdxContent` and `export default function MDXContent`). Pure
 * functions of the module's text, parsed with acorn, so they can be tested
 * without a build.
 */
import {parse} from 'acorn';

/** The acorn node fields this file reads. */
type Node = {type: string; start: number; end: number; [key: string]: unknown};
export type Program = Node & {body: Node[]};

/** The exports a page needs besides its body: they stay in the browser bundle. */
export const KEPT_EXPORTS: ReadonlySet<string> = new Set([
  'frontMatter',
  'contentTitle',
  'metadata',
  'assets',
  'toc',
]);

/**
 * What a list page reads of a post's preview besides its body (3.7.0:
 * BlogPostItems and BlogPostItem's header and footer read `metadata` and
 * `assets`; assumptions.ts checks it): the rest stays out of its shell.
 */
export const PREVIEW_EXPORTS: ReadonlySet<string> = new Set(['metadata', 'assets']);

/**
 * The fields of a post's metadata no list page reads (its description,
 * front matter, neighbours and source file: the post page's): a preview's
 * shell takes its metadata without them. The description alone is most of a
 * list page's route chunk.
 */
export const PREVIEW_UNREAD_METADATA: readonly string[] = [
  'description',
  'frontMatter',
  'nextItem',
  'prevItem',
  'source',
];

/** The query that asks for a post's metadata as a preview's shell takes it. */
export const PREVIEW_METADATA_QUERY = 'article-once-preview';

/** A post's metadata (a JSON module's text) without what no list page reads. */
export function previewMetadata(json: string): string {
  const metadata = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(metadata).filter(([field]) => !PREVIEW_UNREAD_METADATA.includes(field)),
    ),
  );
}

/**
 * Imports whose output is static markup: the browser does the rest (links,
 * `<details>`), or the article runtime does (code blocks, tables, Tabs).
 */
const STATIC_IMPORTS: ReadonlySet<string> = new Set([
  'react/jsx-runtime',
  '@mdx-js/react',
  '@theme/Admonition',
  '@theme/CodeBlock',
  '@theme/Details',
  '@theme/Heading',
  '@theme/TabItem',
  '@theme/Tabs',
  '@docusaurus/Link',
]);
const ASSET = /\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/i;
/** A stylesheet the page imports (a CSS module for its own components): the shell keeps it. */
const STYLESHEET = /\.css$/i;

/**
 * The prop src/plugins/code-highlight's rehype plugin gives each code block
 * when it is switched off: the block renders with the theme's own
 * CodeBlock, whose buttons work only where React renders them.
 */
const THEME_CODE_BLOCK_PROP = 'themeCodeBlock';

/** Tabs props whose effect the server's markup does not hold (a stored or linked choice, lazy panels, labels in another order than the panels). */
const BROWSER_TABS_PROPS = ['groupId', 'queryString', 'lazy', 'values'];

/**
 * `_components` keys (Markdown and JSX elements MDX lets MDXComponents
 * replace) whose output is static markup. Capitalised keys are components
 * the theme provides to every page without an import.
 */
const STATIC_COMPONENT = /^(?:[a-z][a-z0-9]*|Details)$/;
/** …except these: `<head>` changes the document head, mermaid draws in the browser. */
const BROWSER_COMPONENTS: Readonly<Record<string, string>> = {
  head: 'sets the page’s <head> from Markdown',
  mermaid: 'has a mermaid diagram drawn in the browser',
};

export function parseModule(code: string): Program {
  return parse(code, {ecmaVersion: 'latest', sourceType: 'module'}) as unknown as Program;
}

/** Every node below `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  yield node as Node;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && value && typeof value === 'object') yield* walk(value);
  }
}

const nameOf = (node: unknown): string | undefined => {
  const n = node as {type?: string; name?: string; value?: unknown};
  if (n?.type === 'Identifier') return n.name;
  if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
  return undefined;
};

/** The names a top-level statement exports (`export const a`, `export function b`, `export {x as c}`). */
function exportedNames(statement: Node): string[] {
  if (statement.type !== 'ExportNamedDeclaration') return [];
  const declaration = statement.declaration as Node | null;
  if (declaration?.type === 'VariableDeclaration') {
    return (declaration.declarations as Node[]).flatMap((d) => nameOf(d.id) ?? []);
  }
  if (declaration) return [nameOf(declaration.id)].flatMap((n) => n ?? []);
  return (statement.specifiers as Node[]).flatMap((s) => nameOf(s.exported) ?? []);
}

/** Local name → source of each import. */
function importsOf(program: Program): Map<string, string> {
  const imports = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = String((statement.source as {value: unknown}).value);
    for (const specifier of statement.specifiers as Node[]) {
      const local = nameOf(specifier.local);
      if (local) imports.set(local, source);
    }
  }
  return imports;
}

/**
 * Why this page's article has to be rendered by React in the browser, or
 * null when it can stay the server's HTML. The reasons name what in the
 * Markdown needs the browser, for the build's message.
 */
export function browserReason(
  code: string,
  program: Program,
  kept: ReadonlySet<string> = KEPT_EXPORTS,
): string | null {
  const imports = importsOf(program);
  for (const source of new Set(imports.values())) {
    if (!STATIC_IMPORTS.has(source) && !ASSET.test(source) && !STYLESHEET.test(source)) {
      return `imports ${source}, which may need the browser`;
    }
  }
  for (const statement of program.body) {
    for (const name of exportedNames(statement)) {
      if (kept.has(name)) continue;
      const text = code.slice(statement.start, statement.end);
      // Compiled JSX passes handlers as `onX:` props; hooks are `useX(` calls.
      if (/\buse[A-Z]\w*\s*\(|\bon[A-Z]\w*\s*:/.test(text)) {
        return `defines ${name}, which reacts to the reader`;
      }
    }
    if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration') {
      const names =
        statement.type === 'FunctionDeclaration'
          ? [nameOf(statement.id)]
          : (statement.declarations as Node[]).map((d) => nameOf(d.id));
      if (names.includes('MDXLayout')) return 'has a layout of its own (export default)';
    }
  }
  // Elements MDXComponents may replace, as listed in `const _components = {…}`.
  for (const key of componentKeys(program)) {
    const reason = BROWSER_COMPONENTS[key];
    if (reason) return reason;
    if (!STATIC_COMPONENT.test(key)) return `uses <${key}>, which may need the browser`;
  }
  const tabs = [...imports].filter(([, source]) => source === '@theme/Tabs').map(([l]) => l);
  for (const node of walk(program.body)) {
    if (node.type === 'Property' && nameOf(node.key) === THEME_CODE_BLOCK_PROP) {
      return 'has code blocks for the theme’s own CodeBlock (code-highlight is switched off), whose buttons need React';
    }
    // _jsx(Tabs, {groupId: …}) and the like.
    if (node.type === 'CallExpression') {
      const [component, props] = node.arguments as Node[];
      const name = nameOf(component);
      if (name && tabs.includes(name) && props?.type === 'ObjectExpression') {
        for (const property of props.properties as Node[]) {
          const key = nameOf(property.key);
          if (key && BROWSER_TABS_PROPS.includes(key)) {
            return `has <Tabs ${key}>, whose choice is kept in the browser`;
          }
        }
      }
    }
  }
  // The kept exports must not need the body's imports (a partial's `toc`).
  for (const statement of program.body) {
    if (!exportedNames(statement).some((name) => kept.has(name))) continue;
    for (const node of walk(statement)) {
      const name = node.type === 'Identifier' ? nameOf(node) : undefined;
      if (name && imports.has(name)) {
        return `its ${exportedNames(statement).join(', ')} uses ${imports.get(name)}`;
      }
    }
  }
  return null;
}

/** What an article may need in the browser: each is a module of client/. */
export type Behaviour = 'links' | 'codeBlocks' | 'tables' | 'tabs';

/** The `_components` keys of a compiled MDX module: the elements its Markdown made. */
function componentKeys(program: Program): Set<string> {
  const keys = new Set<string>();
  for (const node of walk(program.body)) {
    if (node.type !== 'VariableDeclarator' || nameOf(node.id) !== '_components') continue;
    const init = node.init as {type?: string; properties?: Node[]} | null;
    for (const property of init?.type === 'ObjectExpression' ? (init.properties ?? []) : []) {
      const key = property.type === 'Property' ? nameOf(property.key) : undefined;
      if (key) keys.add(key);
    }
  }
  return keys;
}

/**
 * What this page's article needs in the browser: links always; code blocks
 * (their buttons) where Markdown made a `pre` or a CodeBlock is imported;
 * table boxes where it made a table; Tabs where they are imported.
 */
export function behavioursOf(program: Program): Behaviour[] {
  const keys = componentKeys(program);
  const sources = new Set(importsOf(program).values());
  return [
    'links',
    ...(keys.has('pre') || sources.has('@theme/CodeBlock') ? (['codeBlocks'] as const) : []),
    ...(keys.has('table') ? (['tables'] as const) : []),
    ...(sources.has('@theme/Tabs') ? (['tabs'] as const) : []),
  ];
}

/**
 * The files the article links to or shows that the bundler emits: only the
 * browser build writes them (Docusaurus's file loaders do not emit on the
 * server), so the shell must still require them. An image url-loader inlines
 * (its file no bigger than the limit) needs nothing: the page's HTML has it
 * as a data URI. A bigger one is required through url-loader's file-loader
 * fallback, with the same file name: the file is written, and no data URI
 * enters the shell. `sizeOf` gives a requested file's size in bytes.
 */
export function assetRequests(program: Program, sizeOf: (file: string) => number): string[] {
  const requests = new Set<string>();
  for (const node of walk(program.body)) {
    if (node.type !== 'CallExpression' || nameOf(node.callee) !== 'require') continue;
    const request = nameOf((node.arguments as Node[])[0]);
    if (!request?.startsWith('!')) continue;
    const inlined = /^!([^?!]*url-loader[^?!]*)\?([^!]*)!(.+)$/.exec(request);
    if (inlined) {
      const [, , search = '', file = ''] = inlined;
      const query = new URLSearchParams(search);
      const fallback = query.get('fallback');
      const name = query.get('name');
      const limit = Number(query.get('limit') ?? Infinity);
      if (fallback && name && sizeOf(file) > limit) {
        requests.add(`!${fallback}?name=${name}!${file}`);
      }
    } else if (request.includes('file-loader')) {
      requests.add(request);
    }
  }
  return [...requests];
}

/**
 * The module the browser gets for a page whose article stays server HTML:
 * the kept exports, verbatim, and a default export made by `articleOnce()`
 * of `clientDir`/Article (a fresh component per page: ComponentCreator copies
 * each page's named exports onto it), given the behaviours its article needs
 * and nothing else. A post's preview (its `?truncated` module, which list
 * pages show) keeps only what a list reads (PREVIEW_EXPORTS), its metadata
 * asked for with PREVIEW_METADATA_QUERY, and gets its default export from
 * `previewOnce()` of `clientDir`/previews.
 */
export function shellModule(
  code: string,
  program: Program,
  clientDir: string,
  sizeOf: (file: string) => number,
  preview = false,
): string {
  const keep = preview ? PREVIEW_EXPORTS : KEPT_EXPORTS;
  const kept = program.body
    .filter((statement) => exportedNames(statement).some((name) => keep.has(name)))
    .map((statement) => {
      const text = code.slice(statement.start, statement.end);
      const source = statement.source as Node | null | undefined;
      if (!preview || !source || !exportedNames(statement).includes('metadata')) return text;
      // `export {default as metadata} from '….json'`: the list's share of it.
      const request = `${String((source as {value?: unknown}).value)}?${PREVIEW_METADATA_QUERY}`;
      const at = source.start - statement.start;
      return `${text.slice(0, at)}${JSON.stringify(request)}${text.slice(source.end - statement.start)}`;
    });
  const behaviours = behavioursOf(program);
  // The page's stylesheets stay imported: the site's stylesheet is made of what the browser bundle imports.
  const stylesheets = [...new Set(importsOf(program).values())].filter((s) => STYLESHEET.test(s));
  return [
    ...stylesheets.map((source) => `import ${JSON.stringify(source)};`),
    ...assetRequests(program, sizeOf).map((request) => `require(${JSON.stringify(request)});`),
    preview
      ? `import {previewOnce as __articleOnce} from ${JSON.stringify(`${clientDir}/previews`)};`
      : `import {articleOnce as __articleOnce} from ${JSON.stringify(`${clientDir}/Article`)};`,
    ...behaviours.map((name) => `import __${name} from ${JSON.stringify(`${clientDir}/${name}`)};`),
    ...kept,
    `export default __articleOnce(${behaviours.map((name) => `__${name}`).join(', ')});`,
    '',
  ].join('\n');
}

/**
 * The module with its MDX components provided by the module itself: the
 * default export renders the original inside `providerModule` (the theme's
 * MDXContent). The theme's BlogPostItem/Content and DocItem/Content do that
 * for every page; this plugin's (theme/) render a module as it is, so that a
 * page whose article is server HTML loads no Markdown renderer at all.
 */
export function withProvider(code: string, program: Program, providerModule: string): string {
  const statement = program.body.find((s) => s.type === 'ExportDefaultDeclaration');
  if (!statement) throw new Error('the compiled MDX module has no default export');
  const declaration = statement.declaration as Node;
  const named = declaration.type === 'FunctionDeclaration' ? nameOf(declaration.id) : undefined;
  const inner = named ?? '__MDXContentInner';
  const replacement = named
    ? code.slice(declaration.start, declaration.end)
    : `const ${inner} = ${code.slice(declaration.start, declaration.end)};`;
  return [
    code.slice(0, statement.start),
    replacement,
    code.slice(statement.end),
    '',
    'import {jsx as __jsx} from "react/jsx-runtime";',
    `import __MDXProvider from ${JSON.stringify(providerModule)};`,
    'export default function MDXContentWithProvider(props) {',
    `  return __jsx(__MDXProvider, {children: __jsx(${inner}, {...props})});`,
    '}',
    '',
  ].join('\n');
}
