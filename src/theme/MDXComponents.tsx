import MDXComponents from '@theme-original/MDXComponents';
import Diagram from '@site/src/components/Diagram';
import ScrollableTable from '@site/src/components/ScrollableTable';

/**
 * Markdown tables render inside a sideways-scrolling, keyboard-reachable box;
 * `Diagram` is what src/plugins/diagrams turns a ```mermaid block into.
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  Diagram,
};
