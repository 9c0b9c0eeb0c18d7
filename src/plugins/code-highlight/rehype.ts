/**
 * Rehype plugin: gives every fenced code block of a Markdown file a
 * `highlighted` prop, the HTML of its lines with Prism tokens (see
 * highlight.ts), in place of its text. src/theme/CodeBlock renders it as it
 * is, so the browser never tokenises code.
 */
import type {Element, ElementContent, Root} from 'hast';
import {highlightLines, loadLanguages, type Themes} from './highlight';

export type Options = Readonly<{themes: Themes; languages: readonly string[]}>;

/** Lines of the `highlighted` prop are joined with this: no line holds one. */
export const LINE_SEPARATOR = '\n';

function text(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(text).join('');
  return '';
}

/** The block's language as the theme reads it: `language-xyz` in lower case. */
function languageOf(code: Element): string {
  const classes = code.properties.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  const language = names.find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length).toLowerCase() : 'text';
}

type Parent = Root | Element | Extract<Root['children'][number], {children: unknown[]}>;

/** Every `<pre><code>` block, also inside MDX components such as `<TabItem>`. */
function visit(node: Parent, onCode: (code: Element) => void): void {
  for (const child of node.children) {
    if (!('children' in child)) continue;
    if (child.type === 'element' && child.tagName === 'pre') {
      const [only] = child.children.filter((c) => c.type !== 'text' || c.value.trim() !== '');
      if (only?.type === 'element' && only.tagName === 'code') {
        onCode(only);
        continue;
      }
    }
    visit(child, onCode);
  }
}

export default function rehypeCodeHighlight({themes, languages}: Options) {
  loadLanguages(languages);
  return (tree: Root): void => {
    visit(tree, (code) => {
      // The theme drops the final newline of a block before it splits lines.
      const source = text(code).replace(/\n$/, '');
      code.properties.highlighted = highlightLines(source, languageOf(code), themes).join(
        LINE_SEPARATOR,
      );
      // The text is in the highlighted lines: the page need not carry it twice.
      code.children = [];
    });
  };
}
