import type {ReactNode} from 'react';
import AppFigure, {Control, Marker} from '../AppFigure';
import {figures, history, type Field} from './data';
import styles from './styles.module.css';

const shown = (field: Field) =>
  figures.find((figure) => figure.field === field)!.value;
const [bufferChange, allocation] = history;

export default function StockHistoryFigure(): ReactNode {
  return (
    <AppFigure
      screen={['Stock']}
      caption={
        <>
          The Stock screen filtered to ALDF-HWJ-OLV-M on 5 May 2023, with{' '}
          <strong>History</strong> open for the Leeds DC row. Available is on
          hand minus allocated minus buffer: {shown('on_hand')} −{' '}
          {shown('allocated')} − {shown('buffer')} = {shown('available')}.
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
          allocated one more unit at {allocation!.time.split(', ')[1]}, and at{' '}
          {bufferChange!.time.split(', ')[1]} Priya Shah raised the buffer from{' '}
          {bufferChange!.fields[0][1]} to {bufferChange!.fields[0][2]}, so
          available fell from {allocation!.fields[1][1]} to {shown('available')}
          .
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
