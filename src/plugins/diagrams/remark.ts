/**
 * Remark plugin: a fenced ```mermaid block becomes a diagram drawn at build
 * time. The Mermaid text stays in the Markdown, next to the words it
 * illustrates; the page gets an inline SVG (rendered by beautiful-mermaid,
 * with no DOM and no browser), wrapped in src/components/Diagram. No diagram
 * code reaches the browser.
 *
 *   ```mermaid title="MCP 连接的生命周期"
 *   sequenceDiagram
 *     ...
 *   ```
 *
 * A block without a title, a diagram that does not parse, or a label that
 * does not fit its shape in a real CJK font fails the build, naming the file
 * and line.
 */
import type {Code, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {droppedNotes, labelsThatDoNotFit} from './fit';
import {renderMermaid} from './render';
import {inlineSvg} from './svg';

/** Colours are CSS variables the Diagram component defines from the site's. */
export const RENDER_OPTIONS = {bg: 'var(--bg)', fg: 'var(--fg)', transparent: true};

type Parent = {children: RootContent[]};

function diagramBlocks(node: Parent, found: Array<{parent: Parent; index: number; code: Code}>) {
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

export default function remarkDiagrams() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const found: Array<{parent: Parent; index: number; code: Code}> = [];
    diagramBlocks(tree, found);
    if (found.length === 0) return;
    for (const {parent, index, code} of found) {
      const where = `${file.path ?? 'a Markdown file'}:${code.position?.start.line ?? '?'}`;
      const title = /title="([^"]+)"/.exec(code.meta ?? '')?.[1];
      if (!title) {
        throw new Error(`[diagrams] ${where}: a diagram needs title="…" (its caption and name)`);
      }
      let raw: string;
      try {
        raw = await renderMermaid(code.value, RENDER_OPTIONS);
      } catch (error) {
        throw new Error(`[diagrams] ${where}: ${(error as Error).message}`, {cause: error});
      }
      const problems = [...labelsThatDoNotFit(raw), ...droppedNotes(code.value, raw)];
      if (problems.length > 0) {
        throw new Error(
          `[diagrams] ${where}: the diagram does not come out as written:\n  ${problems.join('\n  ')}`,
        );
      }
      const {svg, width} = inlineSvg(raw, code.value, title);
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Diagram',
        attributes: [
          attribute('title', title),
          attribute('width', String(Math.ceil(width))),
          attribute('svg', svg),
        ],
        children: [],
      };
      parent.children[index] = element;
    }
  };
}
