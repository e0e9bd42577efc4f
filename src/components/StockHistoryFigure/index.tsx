import type {ReactNode} from 'react';
import AppFigure, {Control, Marker} from '../AppFigure';
import styles from './styles.module.css';

/**
 * A Stock row and its History: ALDF-HWJ-OLV-M in Leeds DC on 5 May 2023,
 * the figures and change entries of the quick tour and the Changes guide.
 */

const figures = [
  {label: 'On hand', value: 23},
  {label: 'Allocated', value: 3},
  {label: 'Buffer', value: 11},
  {label: 'Available', value: 9},
  {label: 'Incoming', value: 12},
];

interface Entry {
  time: string;
  actor: string;
  fields: [field: string, before: number, after: number][];
}

/** Newest first, as History lists them. */
const history: Entry[] = [
  {
    time: '5 May 2023, 11:15',
    actor: 'Priya Shah (user)',
    fields: [
      ['buffer', 2, 11],
      ['available', 18, 9],
    ],
  },
  {
    time: '5 May 2023, 10:30',
    actor: 'Northwind Shopify (connector)',
    fields: [
      ['allocated', 2, 3],
      ['available', 19, 18],
    ],
  },
  {
    time: '4 May 2023, 15:05',
    actor: 'Priya Shah (user)',
    fields: [
      ['on_hand', 24, 23],
      ['allocated', 3, 2],
    ],
  },
  {
    time: '4 May 2023, 10:30',
    actor: 'Northwind Shopify (connector)',
    fields: [
      ['allocated', 2, 3],
      ['available', 20, 19],
    ],
  },
];

export default function StockHistoryFigure(): ReactNode {
  return (
    <AppFigure
      screen={['Stock']}
      caption={
        <>
          The Stock screen filtered to ALDF-HWJ-OLV-M on 5 May 2023, with{' '}
          <strong>History</strong> open for the Leeds DC row. Available is on
          hand minus allocated minus buffer: 23 − 3 − 11 = 9.
        </>
      }
      notes={[
        <>
          <strong>Edit</strong> on the selected row (one variant in one
          warehouse): correct on hand after a count, or change the buffer.
        </>,
        <>
          <strong>History</strong> opens <strong>Changes</strong> filtered to
          this stock record, newest first.
        </>,
        <>
          Each entry names who changed which figure, from what to what: an order
          allocated one more unit at 10:30, and at 11:15 Priya Shah raised the
          buffer from 2 to 11, so available fell from 19 to 9.
        </>,
      ]}>
      <p className={styles.filter}>
        <span className={styles.filterLabel}>Filter</span>
        <code>sku = &quot;ALDF-HWJ-OLV-M&quot;</code>
      </p>
      <ul className={styles.stockRow} aria-label="Stock record">
        <li className={styles.tile}>
          <span className={styles.tileLabel}>Variant</span>
          <span className={styles.tileValue}>
            <code>ALDF-HWJ-OLV-M</code>
          </span>
        </li>
        <li className={styles.tile}>
          <span className={styles.tileLabel}>Warehouse</span>
          <span className={styles.tileValue}>Leeds DC</span>
        </li>
        {figures.map(({label, value}) => (
          <li key={label} className={styles.tile}>
            <span className={styles.tileLabel}>{label}</span>
            <span className={styles.tileValue}>
              {label === 'Available' ? <strong>{value}</strong> : value}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.rowActions}>
        <Marker n={1} />
        <Control>Edit</Control>
        <Control primary>History</Control>
        <Marker n={2} />
      </p>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          Changes: stock ALDF-HWJ-OLV-M at Leeds DC
          <Marker n={3} />
        </p>
        <ol className={styles.entries} aria-label="History, newest first">
          {history.map(({time, actor, fields}) => (
            <li key={time} className={styles.entry}>
              <span className={styles.when}>
                {time} · {actor}
              </span>
              <span className={styles.fields}>
                {fields.map(([field, before, after]) => (
                  <span key={field} className={styles.field}>
                    <code>{field}</code> {before} → {after}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </AppFigure>
  );
}
