/**
 * Remark plugin: a fenced ```mermaid block becomes a diagram drawn at build
 * time, and every Markdown image gets a control to see it at full size.
 *
 * The Mermaid text stays in the Markdown, next to the words it illustrates;
 * the page gets a plain <figure> (server-rendered HTML in the page's own
 * Markdown output: no component, no diagram code in any bundle):
 *
 *   <figure class="diagram diagram--from-480">
 *     <div class="diagram__drawing"><svg class="diagram__wide" …/><svg class="diagram__narrow" …/></div>
 *     <a class="diagram__open view-link" href="/assets/diagrams/<hash>.svg" target="_blank" data-view>查看大图</a>
 *     <figcaption class="diagram__caption" id="…">标题</figcaption>
 *   </figure>
 *
 * The narrow drawing is there only when the wide one cannot shrink to a
 * phone's column legibly; the stylesheet shows one of the two by the
 * column's width (src/css/custom.css). The link opens the wide drawing as a
 * file of its own in a new tab (written to `standaloneDir`, copied into the
 * build by src/plugins/diagrams/index.ts), as Docusaurus opens files linked
 * from Markdown; with JavaScript, client/index.ts opens the full-size view
 * in place instead.
 *
 *   ```mermaid title="MCP 连接的生命周期"
 *   sequenceDiagram
 *     ...
 *   ```
 *
 * A block without a title, a diagram that does not parse, a label that does
 * not fit its shape in a real CJK font or lies over an edge, or text that
 * would be smaller than 10 px on a phone fails the build, naming the file
 * and line.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {getFileLoaderUtils} from '@docusaurus/utils';
import type {Expression} from 'estree';
import type {Code, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {drawDiagram, type Drawing} from './draw';
import {inlineSvg, standaloneSvg} from './svg';
import {escapeAttribute} from '../../lib/escape';

export type Options = Readonly<{
  /** Where the standalone drawings are written while the pages compile. */
  standaloneDir: string;
  /** The site's baseUrl. */
  baseUrl: string;
}>;

/** Where the standalone drawings are served, under baseUrl. */
export const STANDALONE_PATH = 'assets/diagrams/';
/** The control's text (the full-size view and the standalone file). */
export const VIEW_LABEL = '查看大图';

type Parent = {children: RootContent[]};
type Found = {parent: Parent; index: number; code: Code};
type FoundImage = {parent: Parent; index: number; image: MdxJsxTextElement};

function walk(node: Parent, diagrams: Found[], images: FoundImage[], inLink = false): void {
  node.children.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') {
      diagrams.push({parent: node, index, code: child});
    } else if (
      (child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement') &&
      child.name === 'img' &&
      !inLink
    ) {
      images.push({parent: node, index, image: child as MdxJsxTextElement});
    } else if ('children' in child && Array.isArray(child.children)) {
      const link =
        inLink ||
        child.type === 'link' ||
        ((child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement') &&
          child.name === 'a');
      walk(child as Parent, diagrams, images, link);
    }
  });
}

const attribute = (name: string, value: string): MdxJsxAttribute => ({
  type: 'mdxJsxAttribute',
  name,
  value,
});

/** An attribute whose value is a JavaScript expression, with the estree MDX compiles from. */
function expressionAttribute(
  name: string,
  source: string,
  expression: Expression,
): MdxJsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: source,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          comments: [],
          body: [{type: 'ExpressionStatement', expression}],
        },
      },
    },
  };
}

/** `dangerouslySetInnerHTML={{__html: html}}`. */
function innerHtml(html: string): MdxJsxAttribute {
  return expressionAttribute('dangerouslySetInnerHTML', `{__html: ${JSON.stringify(html)}}`, {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        key: {type: 'Identifier', name: '__html'},
        value: {type: 'Literal', value: html},
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
      },
    ],
  });
}

/** `require("<request>").default`: a file Webpack emits, by its URL. */
function requireDefault(name: string, request: string): MdxJsxAttribute {
  return expressionAttribute(name, `require(${JSON.stringify(request)}).default`, {
    type: 'MemberExpression',
    object: {
      type: 'CallExpression',
      callee: {type: 'Identifier', name: 'require'},
      arguments: [{type: 'Literal', value: request}],
      optional: false,
    },
    property: {type: 'Identifier', name: 'default'},
    computed: false,
    optional: false,
  });
}

/** Writes `text` to `file` unless it is there: atomically, as two compilers may race. */
function writeOnce(file: string, text: string): void {
  mkdirSync(path.dirname(file), {recursive: true});
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

function figure(title: string, prefix: string, drawing: Drawing, href: string): MdxJsxFlowElement {
  const captionId = `${prefix}caption`;
  const {wide, narrow, wideFrom} = drawing;
  const drawings = narrow
    ? inlineSvg(wide.svg, {prefix, labelledBy: captionId, className: 'diagram__wide'}).svg +
      inlineSvg(narrow.svg, {
        prefix: `${prefix}n-`,
        labelledBy: captionId,
        className: 'diagram__narrow',
      }).svg
    : inlineSvg(wide.svg, {prefix, labelledBy: captionId}).svg;
  const openId = `${prefix}open`;
  const html =
    `<div class="diagram__drawing">${drawings}</div>` +
    `<a class="diagram__open view-link" id="${openId}" href="${href}" target="_blank" rel="noopener" aria-labelledby="${openId} ${captionId}" data-view>${VIEW_LABEL}</a>` +
    `<figcaption class="diagram__caption" id="${captionId}">${escapeAttribute(title)}</figcaption>`;
  return {
    type: 'mdxJsxFlowElement',
    name: 'figure',
    attributes: [
      attribute('className', narrow ? `diagram diagram--from-${wideFrom}` : 'diagram'),
      innerHtml(html),
    ],
    children: [],
  };
}

/** The request of an image's `src={require("…").default}`, after the loaders. */
function imageFile(image: MdxJsxTextElement): string | undefined {
  const src = image.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'src',
  )?.value;
  if (typeof src === 'string' || !src) return undefined;
  return /require\("[^"]*!([^"!]+)"\)/.exec(src.value)?.[1];
}

/** A link to the image's own file after it: plain navigation without JavaScript. */
function imageControl(image: MdxJsxTextElement, isServer: boolean): MdxJsxTextElement | undefined {
  const alt = image.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'alt',
  )?.value;
  const src = image.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'src',
  )?.value;
  const file = imageFile(image);
  const {inlineMarkdownLinkFileLoader} = getFileLoaderUtils(isServer).loaders;
  let href: MdxJsxAttribute;
  if (file) href = requireDefault('href', `${inlineMarkdownLinkFileLoader}${file}`);
  else if (typeof src === 'string') href = attribute('href', src);
  else return undefined;
  const name = typeof alt === 'string' && alt ? `：${alt}` : '';
  return {
    type: 'mdxJsxTextElement',
    name: 'a',
    attributes: [
      attribute('className', 'image__open view-link'),
      href,
      // As Docusaurus links to files from Markdown: a new tab, and the theme's
      // Link then renders a plain <a> (no route prefetch, no broken-link check).
      attribute('target', '_blank'),
      attribute('rel', 'noopener'),
      attribute('data-view', ''),
      expressionAttribute('data-noBrokenLinkCheck', 'true', {type: 'Literal', value: true}),
    ],
    children: [
      {type: 'text', value: VIEW_LABEL},
      ...(name
        ? [
            {
              type: 'mdxJsxTextElement' as const,
              name: 'span',
              attributes: [attribute('className', 'view-link__name')],
              children: [{type: 'text' as const, value: name}],
            },
          ]
        : []),
    ],
  };
}

export default function remarkDiagrams(options: Options) {
  const {standaloneDir, baseUrl} = options;
  return async (tree: Root, file: VFile): Promise<void> => {
    const diagrams: Found[] = [];
    const images: FoundImage[] = [];
    walk(tree, diagrams, images);
    for (const {parent, index, code} of diagrams) {
      const where = `${file.path ?? 'a Markdown file'}:${code.position?.start.line ?? '?'}`;
      const title = /title="([^"]+)"/.exec(code.meta ?? '')?.[1];
      if (!title) {
        throw new Error(`[diagrams] ${where}: a diagram needs title="…" (its caption and name)`);
      }
      let drawing: Drawing;
      try {
        drawing = await drawDiagram(code.value);
      } catch (error) {
        throw new Error(`[diagrams] ${where}: ${(error as Error).message}`, {cause: error});
      }
      if (drawing.problems.length > 0) {
        throw new Error(
          `[diagrams] ${where}: the diagram does not come out as written:\n  ${drawing.problems.join('\n  ')}`,
        );
      }
      const prefix = `d${createHash('sha256').update(code.value).digest('hex').slice(0, 8)}-`;
      const standalone = standaloneSvg(drawing.wide.svg, title);
      const name = `${createHash('sha256').update(standalone).digest('hex').slice(0, 16)}.svg`;
      writeOnce(path.join(standaloneDir, name), standalone);
      parent.children[index] = figure(
        title,
        prefix,
        drawing,
        `${baseUrl}${STANDALONE_PATH}${name}`,
      );
    }
    // Last to first, so that each insertion leaves the positions still to come as found.
    const isServer = (file.data as {compilerName?: string}).compilerName === 'server';
    for (const {parent, index, image} of images.reverse()) {
      const control = imageControl(image, isServer);
      if (control) parent.children.splice(index + 1, 0, control as unknown as RootContent);
    }
  };
}
