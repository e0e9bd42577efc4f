import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Label,
  Marker,
  Row,
} from '../AppFigure';
import {history, stockRecord, type Entry} from '../StockHistoryFigure/data';
import styles from './styles.module.css';

/**
 * The Changes screen of the Changes guide's example: ALDF-HWJ-OLV-M at
 * Leeds DC on 5 May 2023, opened from the stock row's History, with Priya
 * Shah's buffer change selected. The entries are the stock history figure's
 * (its data.ts, tested against the world).
 */

/** The two entries of 5 May, newest first. */
const entries = history.filter((entry) => entry.at.startsWith('2023-05-05'));
const [selected] = entries as [Entry];

function Time({entry}: {entry: Entry}): ReactNode {
  return (
    <Fact
      of={`${stockRecord}.updated_at`}
      at={entry.at}
      format="time"
      zone="Europe/London">
      {entry.time.split(', ')[1]}
    </Fact>
  );
}

function Value({
  field,
  at,
  value,
}: {
  field: string;
  at: string;
  value: number;
}): ReactNode {
  return (
    <Fact of={`${stockRecord}.${field}`} at={at}>
      {value}
    </Fact>
  );
}

export default function ChangesScreenFigure(): ReactNode {
  return (
    <AppFigure
      name="ChangesScreenFigure"
      screen={['Changes']}
      caption={
        <>
          The Changes screen filtered to the stock record of ALDF-HWJ-OLV-M at
          Leeds DC on{' '}
          <Fact
            of={`${stockRecord}.updated_at`}
            at={selected.at}
            format="date"
            zone="Europe/London">
            5 May 2023
          </Fact>
          , newest first, with Priya Shah&apos;s change selected and its details
          open.
        </>
      }
      notes={[
        <>
          The filters: <strong>Resource</strong>, <strong>User</strong> and{' '}
          <strong>Date</strong>. They combine; <strong>History</strong> on the
          stock row set the record.
        </>,
        <>
          <strong>Export</strong> downloads the entries that match the filters,
          as CSV or JSON.
        </>,
        <>
          One row per change: when, the kind of record, the action, the actor
          and the fields it changed.
        </>,
        <>
          The selected change&apos;s details: every changed field, before and
          after.
        </>,
      ]}>
      <div className={styles.toolbar}>
        <span className={styles.filters}>
          <Marker n={1} />
          <Control kind="select">Resource: Stock</Control>
          <Control kind="select">User</Control>
          <Label>Date</Label>
          <Control kind="select">
            <Fact
              of={`${stockRecord}.updated_at`}
              at={selected.at}
              format="date"
              zone="Europe/London">
              5 May 2023
            </Fact>
          </Control>
          <span className={styles.chip}>
            Record: stock ALDF-HWJ-OLV-M at Leeds DC
          </span>
        </span>
        <span>
          <Control>Export</Control>
          <Marker n={2} />
        </span>
      </div>
      <Grid
        label="Changes, newest first"
        columns={styles.columns}
        header={['Time', 'Resource', 'Action', 'Actor', 'Changed fields']}>
        {entries.map((entry) => (
          <Row key={entry.at} highlight={entry === selected}>
            <Cell label="Time">
              <Time entry={entry} />
            </Cell>
            <Cell label="Resource">stock</Cell>
            <Cell label="Action">
              <code>updated</code>
            </Cell>
            <Cell label="Actor">{entry.actor}</Cell>
            <Cell label="Changed fields">
              {entry.fields.map(([field]) => (
                <code key={field}>{field}</code>
              ))}
              {entry === entries[entries.length - 1] && <Marker n={3} />}
            </Cell>
          </Row>
        ))}
      </Grid>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          <span>
            <Time entry={selected} /> · {selected.actor}
          </span>
          <Marker n={4} />
        </p>
        <table className={styles.values}>
          <thead>
            <tr>
              <th>Field</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {selected.fields.map(([field, before, after]) => (
              <tr key={field}>
                <td>
                  <code>{field}</code>
                </td>
                <td>
                  <Value field={field} at={selected.from} value={before} />
                </td>
                <td>
                  <strong>
                    <Value field={field} at={selected.at} value={after} />
                  </strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AppFigure>
  );
}
