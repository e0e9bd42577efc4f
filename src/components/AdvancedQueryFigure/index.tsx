import type {ReactNode} from 'react';
import AppFigure, {Control, Label, Literal, Marker, Unseen} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Orders grid with Advanced query switched on and a query that does not
 * parse (the query guide's first example of a mistake): a second `=` where
 * the value should be. The message is the query checker's
 * (src/lib/query-language), as the bar and the API give it.
 */

const column = (
  <Literal why="the column where the query parser finds the mistake">
    10
  </Literal>
);

export default function AdvancedQueryFigure(): ReactNode {
  return (
    <AppFigure
      name="AdvancedQueryFigure"
      screen={['Orders']}
      caption={
        <>
          The Orders grid with <strong>Advanced query</strong> switched on and a
          mistake in the query: the bar is red, and the message under it names
          the column where the problem starts.
        </>
      }
      notes={[
        <>
          The <strong>Advanced query</strong> switch, next to{' '}
          <strong>Filter</strong>, replaces the filter builder with the query
          bar.
        </>,
        <>
          The query bar: type a query and press <strong>Enter</strong>. Here a
          second <code>=</code> stands where the value should be.
        </>,
        <>
          The message gives the column where the problem starts. Until you fix
          it, the grid keeps showing the last valid result.
        </>,
      ]}>
      <div className={styles.toolbar}>
        <Control kind="select">All orders</Control>
        <span className={styles.toggle}>
          <Control>Filter</Control>
          <span className={styles.switch} aria-hidden="true" />
          <Label>Advanced query</Label>
          <Unseen> (on)</Unseen>
          <Marker n={1} />
        </span>
      </div>
      <p className={styles.bar}>
        <code className={styles.query}>status = = &quot;pending&quot;</code>
        <Marker n={2} />
      </p>
      <p className={styles.message}>
        Expected a value after &quot;=&quot; at column {column}
        <Marker n={3} />
      </p>
    </AppFigure>
  );
}
