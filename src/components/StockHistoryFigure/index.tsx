import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Label, Marker, Query} from '../AppFigure';
import {
  figures,
  history,
  shownAt,
  stockRecord,
  type Entry,
  type Field,
} from './data';
import styles from './styles.module.css';

/** A figure of the stock record at a moment, as the world holds it. */
function Figure({field, at}: {field: Field; at: string}): ReactNode {
  const value =
    at === shownAt
      ? figures.find((figure) => figure.field === field)!.value
      : history
          .flatMap((entry) =>
            entry.fields.flatMap(([name, before, after]) =>
              name !== field
                ? []
                : [
                    {at: entry.from, value: before},
                    {at: entry.at, value: after},
                  ],
            ),
          )
          .find((known) => known.at === at)!.value;
  return (
    <Fact of={`${stockRecord}.${field}`} at={at}>
      {value}
    </Fact>
  );
}

/** When an entry's change happened, in the company's time zone. */
function When({entry, part}: {entry: Entry; part: 'date' | 'time'}): ReactNode {
  const [date, time] = entry.time.split(', ');
  return (
    <Fact
      of={`${stockRecord}.updated_at`}
      at={entry.at}
      format={part}
      zone="Europe/London">
      {part === 'date' ? date : time}
    </Fact>
  );
}

const [bufferChange, allocation] = history as [Entry, Entry];

export default function StockHistoryFigure(): ReactNode {
  return (
    <AppFigure
      name="StockHistoryFigure"
      screen={['Stock']}
      caption={
        <>
          The Stock screen filtered to ALDF-HWJ-OLV-M at Leeds DC on{' '}
          <When entry={bufferChange} part="date" />, and below it the entries
          that <strong>History</strong> on the Leeds DC row opens in{' '}
          <strong>Changes</strong>. Available is on hand minus allocated minus
          buffer: <Figure field="on_hand" at={shownAt} /> −{' '}
          <Figure field="allocated" at={shownAt} /> −{' '}
          <Figure field="buffer" at={shownAt} /> ={' '}
          <Figure field="available" at={shownAt} />.
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
          allocated one more unit at <When entry={allocation} part="time" />,
          and at <When entry={bufferChange} part="time" /> Priya Shah raised the
          buffer from <Figure field="buffer" at={bufferChange.from} /> to{' '}
          <Figure field="buffer" at={bufferChange.at} />, so available fell from{' '}
          <Figure field="available" at={allocation.from} /> to{' '}
          <Figure field="available" at={shownAt} />.
        </>,
      ]}>
      <p className={styles.filter}>
        <span className={styles.filterLabel}>Filter</span>
        <Query list="/stock" at={shownAt}>
          {'sku = "ALDF-HWJ-OLV-M" AND warehouse = "LDS"'}
        </Query>
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
        {figures.map(({label, field}) => (
          <li key={label} className={styles.tile}>
            <span className={styles.tileLabel}>
              <Label>{label}</Label>
            </span>
            <span className={styles.tileValue}>
              {field === 'available' ? (
                <strong>
                  <Figure field={field} at={shownAt} />
                </strong>
              ) : (
                <Figure field={field} at={shownAt} />
              )}
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
          {history.map((entry) => (
            <li key={entry.at} className={styles.entry}>
              <span className={styles.when}>
                <When entry={entry} part="date" />,{' '}
                <When entry={entry} part="time" /> · {entry.actor}
              </span>
              <span className={styles.fields}>
                {entry.fields.map(([field]) => (
                  <span key={field} className={styles.field}>
                    <code>{field}</code>{' '}
                    <Figure field={field} at={entry.from} /> →{' '}
                    <Figure field={field} at={entry.at} />
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
