// Extends the MDX component map: Markdown tables scroll inside a focusable,
// labelled region. (The API reference's pages import their own components.)
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
