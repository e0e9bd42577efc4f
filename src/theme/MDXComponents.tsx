// Extends the MDX component map: Markdown tables scroll inside a focusable,
// labelled region, and the API reference's components are registered here.
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {apiReferenceComponents} from '@site/src/plugins/openapi-reference/theme';

export default {
  ...MDXComponents,
  ...apiReferenceComponents,
  table: ScrollableTable,
};
