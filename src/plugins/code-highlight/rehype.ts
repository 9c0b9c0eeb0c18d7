/**
 * Rehype plugin: does at build time what the theme's CodeBlock does in the
 * browser. For every fenced code block it parses the title, line numbers and
 * highlighted lines (magic comments and `{1,3}`) with the theme's own
 * functions, tokenises the remaining code with Prism (see highlight.ts), and
 * hands src/theme/CodeBlock the result as props in place of the text.
 */
import type {Element, ElementContent, Root} from 'hast';
import {codeBlockUtils, type MagicCommentConfig} from './codeBlockUtils';
import {highlightLines, loadLanguages, type Themes} from './highlight';

export type Options = Readonly<{
  themes: Themes;
  languages: readonly string[];
  /** The site's `themeConfig.prism.magicComments`. */
  magicComments: readonly MagicCommentConfig[];
}>;

function text(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(text).join('');
  return '';
}

/** The block's language as the theme reads it: `language-xyz` in lower case. */
function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length)
    .toLowerCase();
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

export default function rehypeCodeHighlight({themes, languages, magicComments}: Options) {
  const loaded = codeBlockUtils();
  if ('error' in loaded) {
    // Switched off (index.ts warns): each block goes to the theme's own
    // CodeBlock, which parses and highlights it in the browser.
    return (tree: Root): void => {
      visit(tree, (node) => {
        node.properties.themeCodeBlock = true;
      });
    };
  }
  const {metadata} = loaded.utils;
  loadLanguages(languages);
  return (tree: Root): void => {
    visit(tree, (node) => {
      const {metastring} = node.properties;
      const language = languageOf(node);
      const {lineClassNames, code, title, showLineNumbers} = metadata(text(node), {
        metastring: typeof metastring === 'string' ? metastring : undefined,
        language,
        magicComments,
      });
      if (title) node.properties.title = title;
      if (showLineNumbers) node.properties.showLineNumbers = true;
      // Props of src/theme/CodeBlock: the token HTML of each line (one per
      // line, joined by newlines) and the classes of highlighted lines.
      node.properties.highlighted = highlightLines(code, language ?? 'text', themes).join('\n');
      node.properties.lineClassNames = JSON.stringify(lineClassNames);
      // The text is in the highlighted lines: the page need not carry it twice.
      node.children = [];
    });
  };
}
