// Extends the MDX component map: Markdown tables scroll inside a focusable,
// labelled region, so keyboard users can scroll wide tables too.
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
