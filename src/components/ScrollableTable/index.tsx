import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A Markdown table in a region that scrolls sideways on narrow screens and
 * can take keyboard focus, so it can be scrolled without a mouse. A table
 * given an `aria-label` (the API reference names each of its tables) names
 * its region after it, so a page's regions can be told apart.
 */
export default function ScrollableTable({
  'aria-label': label,
  ...props
}: ComponentProps<'table'>): ReactNode {
  return (
    <div
      className={styles.scroller}
      tabIndex={0}
      role="region"
      aria-label={
        label ? `${label}, scrolls sideways` : 'Table, scrolls sideways'
      }>
      <table {...props} />
    </div>
  );
}
