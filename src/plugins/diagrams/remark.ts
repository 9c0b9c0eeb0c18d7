/**
 * Remark plugin: a fenced ```mermaid block becomes a diagram drawn at build
 * time. The Mermaid text stays in the Markdown, next to the words it
 * illustrates; the page gets a <figure> with an inline SVG (rendered by
 * beautiful-mermaid, with no DOM and no browser) and its caption. The figure
 * is plain JSX in the page's own Markdown output: no component, no diagram
 * code in any bundle; styles are in src/css/custom.css (`.diagram`).
 *
 *   ```mermaid title="MCP 连接的生命周期"
 *   sequenceDiagram
 *     ...
 *   ```
 *
 * A block without a title, a diagram that does not parse, a label that does
 * not fit its shape in a real CJK font, or a note the renderer leaves out
 * fails the build, naming the file and line.
 */
import type {Code, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {drawDiagram, type Drawing} from './draw';

/** Wider than this, a drawing scrolls sideways on a phone: its box takes keyboard focus. */
const PHONE_WIDTH = 340;

type Parent = {children: RootContent[]};
type Found = {parent: Parent; index: number; code: Code};

function diagramBlocks(node: Parent, found: Found[]): void {
  node.children.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') {
      found.push({parent: node, index, code: child});
    } else if ('children' in child && Array.isArray(child.children)) {
      diagramBlocks(child as Parent, found);
    }
  });
}

const attribute = (name: string, value: string): MdxJsxAttribute => ({
  type: 'mdxJsxAttribute',
  name,
  value,
});

/** `dangerouslySetInnerHTML={{__html: svg}}`, with the estree MDX compiles from. */
function innerHtml(svg: string): MdxJsxAttribute {
  const expression = {
    type: 'ObjectExpression' as const,
    properties: [
      {
        type: 'Property' as const,
        key: {type: 'Identifier' as const, name: '__html'},
        value: {type: 'Literal' as const, value: svg},
        kind: 'init' as const,
        method: false,
        shorthand: false,
        computed: false,
      },
    ],
  };
  return {
    type: 'mdxJsxAttribute',
    name: 'dangerouslySetInnerHTML',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `{__html: ${JSON.stringify(svg)}}`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [{type: 'ExpressionStatement', expression}],
        },
      },
    },
  };
}

function figure(title: string, svg: string, width: number, captionId: string): MdxJsxFlowElement {
  const scrolls = width > PHONE_WIDTH;
  return {
    type: 'mdxJsxFlowElement',
    name: 'figure',
    attributes: [attribute('className', 'diagram')],
    children: [
      {
        type: 'mdxJsxFlowElement',
        name: 'div',
        attributes: [
          attribute('className', 'diagram__drawing'),
          ...(scrolls
            ? [
                {type: 'mdxJsxAttribute' as const, name: 'tabIndex', value: '0'},
                attribute('role', 'region'),
                // Named by the caption, so the page's JavaScript carries the title once.
                attribute('aria-labelledby', captionId),
              ]
            : []),
          innerHtml(svg),
        ],
        children: [],
      },
      {
        type: 'mdxJsxFlowElement',
        name: 'figcaption',
        attributes: [attribute('className', 'diagram__caption'), attribute('id', captionId)],
        // Phrasing content straight in the caption, with no <p> around it.
        children: [{type: 'text', value: title}] as unknown as MdxJsxFlowElement['children'],
      },
    ],
  };
}

export default function remarkDiagrams() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const found: Found[] = [];
    diagramBlocks(tree, found);
    for (const {parent, index, code} of found) {
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
      const {svg, width, captionId, problems} = drawing;
      if (problems.length > 0) {
        throw new Error(
          `[diagrams] ${where}: the diagram does not come out as written:\n  ${problems.join('\n  ')}`,
        );
      }
      parent.children[index] = figure(title, svg, Math.ceil(width), captionId);
    }
  };
}
