import type {Root, Table} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';

/**
 * Names every Markdown table of a page after the heading above it, so each
 * table's scrolling region (src/components/ScrollableTable) has a name of
 * its own: "Errors table", "Store states table", "Store states table 2".
 * Tables that already carry a name (the API reference's) keep it.
 */
export default function remarkTableLabels() {
  return (root: Root): void => {
    let heading = '';
    const used = new Map<string, number>();
    visit(root, (node) => {
      if (node.type === 'heading') {
        heading = toString(node);
      } else if (node.type === 'table') {
        const table = node as Table;
        const properties = (table.data?.hProperties ?? {}) as Record<
          string,
          unknown
        >;
        if (properties['aria-label']) {
          return;
        }
        const base = `${heading || 'Page'} table`;
        const count = (used.get(base) ?? 0) + 1;
        used.set(base, count);
        table.data = {
          ...table.data,
          hProperties: {
            ...properties,
            'aria-label': count === 1 ? base : `${base} ${count}`,
          },
        };
      }
    });
  };
}
