import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A Markdown table in a region that scrolls sideways on narrow screens and
 * can take keyboard focus, so it can be scrolled without a mouse.
 */
export default function ScrollableTable(
  props: ComponentProps<'table'>,
): ReactNode {
  return (
    <div
      className={styles.scroller}
      tabIndex={0}
      role="region"
      aria-label="Table, scrolls sideways">
      <table {...props} />
    </div>
  );
}
