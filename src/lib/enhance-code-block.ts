/**
 * What a code block does in the browser, on its server-rendered markup
 * (src/theme/CodeBlock renders the buttons; this file gives them their work).
 * The same code serves a block React rendered and one inside an article
 * React never hydrates (src/plugins/article-once).
 *
 * - The word-wrap button shows while the code is wider than the block, or
 *   wrapped: a ResizeObserver sets `data-scrollable` on the `<pre>` and the
 *   stylesheet does the rest. The button wraps the code (`data-wrapped` on
 *   the `<code>`) and says so (`aria-pressed`).
 * - Copy: the text of the lines, joined by line breaks (the `<br>` that ends
 *   each line is not text), with the theme's "copied" state for a second
 *   (`data-copied` on the button).
 * State lives in attributes the stylesheet reads, so this file needs none of
 * the component's class names.
 */
import {translate} from '@docusaurus/Translate';
import observeResize from './observe-resize';

/** Set on the `<pre>` while its code is wider than the block (or wrapped). */
export const SCROLLABLE_ATTRIBUTE = 'data-scrollable';
const COPIED_FOR_MS = 1000;

const copyLabel = () =>
  translate({
    id: 'theme.CodeBlock.copyButtonAriaLabel',
    message: 'Copy code to clipboard',
    description: 'The ARIA label for copy code blocks button',
  });
const copiedLabel = () =>
  translate({
    id: 'theme.CodeBlock.copied',
    message: 'Copied',
    description: 'The copied button label on code blocks',
  });

/** The code as a reader copies it. */
export function codeText(code: Element): string {
  return Array.from(code.querySelectorAll('.token-line'), (line) => line.textContent ?? '').join(
    '\n',
  );
}

/** The clipboard API where the page may use it (HTTPS, localhost), else the older command. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    Object.assign(area.style, {position: 'fixed', top: '0', left: '-9999px', opacity: '0'});
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Gives a code block (`.theme-code-block`) its buttons' work; returns what undoes it. */
export default function enhanceCodeBlock(block: Element): () => void {
  const pre = block.querySelector('pre');
  const code = pre?.querySelector('code');
  if (!pre || !code) return () => {};
  const measure = () =>
    pre.toggleAttribute(
      SCROLLABLE_ATTRIBUTE,
      pre.scrollWidth > pre.clientWidth || code.hasAttribute('data-wrapped'),
    );
  let timer: number | undefined;
  const onClick = (event: Event) => {
    const button = (event.target as Element).closest('button[data-code-action]');
    if (!button || !block.contains(button)) return;
    const action = button.getAttribute('data-code-action');
    if (action === 'copy') {
      void copyText(codeText(code)).then(() => {
        button.toggleAttribute('data-copied', true);
        button.setAttribute('aria-label', copiedLabel());
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          button.toggleAttribute('data-copied', false);
          button.setAttribute('aria-label', copyLabel());
        }, COPIED_FOR_MS);
      });
    } else if (action === 'wrap') {
      const on = code.toggleAttribute('data-wrapped');
      button.setAttribute('aria-pressed', String(on));
      measure();
    }
  };
  block.addEventListener('click', onClick);
  const unobserve = observeResize(pre, measure);
  return () => {
    block.removeEventListener('click', onClick);
    window.clearTimeout(timer);
    unobserve();
  };
}
