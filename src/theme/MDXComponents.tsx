import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** Markdown tables render inside a sideways-scrolling, keyboard-reachable box. */
export default {
  ...MDXComponents,
  table: ScrollableTable,
};
