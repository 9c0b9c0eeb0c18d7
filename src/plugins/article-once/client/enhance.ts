/**
 * Everything interactive inside an article React never hydrates, on the
 * server's markup: code blocks and tables (the same code their components use
 * elsewhere), Tabs, and links. `<details>` and `#anchor` links are the
 * browser's own. Returns what undoes it.
 */
import type {useHistory} from '@docusaurus/router';
import enhanceCodeBlock from '@site/src/theme/CodeBlock/enhance';
import enhanceTable, {TABLE_BOX_SELECTOR} from '@site/src/components/ScrollableTable/enhance';
import enhanceLinks from './links';
import enhanceTabs from './tabs';

export default function enhanceArticle(
  root: HTMLElement,
  history: ReturnType<typeof useHistory>,
): () => void {
  const all = (selector: string) => Array.from(root.querySelectorAll<HTMLElement>(selector));
  const undo = [
    ...all('.theme-code-block').map(enhanceCodeBlock),
    ...all(TABLE_BOX_SELECTOR).map(enhanceTable),
    ...all('.tabs-container').map(enhanceTabs),
    enhanceLinks(root, history),
  ];
  return () => undo.forEach((fn) => fn());
}
