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
import styles from './styles.module.css';

/**
 * The Export dialogue over the Orders grid (the order export guide's steps):
 * yesterday's orders, the world's 3 May order 10479, about to be exported
 * as CSV with the view's columns.
 */

/** A choice of the dialogue, drawn as a radio button. */
function Choice({
  chosen = false,
  children,
}: {
  chosen?: boolean;
  children: string;
}): ReactNode {
  return (
    <span className={styles.choice}>
      <span aria-hidden="true">{chosen ? '◉' : '○'}</span>
      <Label>{children}</Label>
    </span>
  );
}

export default function ExportDialogueFigure(): ReactNode {
  return (
    <AppFigure
      name="ExportDialogueFigure"
      screen={['Orders']}
      caption={
        <>
          The <strong>Export</strong> dialogue open over the Orders grid, whose
          view is filtered to yesterday&apos;s orders. <strong>CSV</strong> is
          chosen under <strong>Format</strong> and <strong>This view</strong>{' '}
          under <strong>Columns</strong>.
        </>
      }
      notes={[
        <>
          The view, with its unsaved filter (<strong>Edited</strong>), decides
          which orders the file holds and in what order.
        </>,
        <>
          <strong>Export</strong> above the grid opens the dialogue.
        </>,
        <>
          <strong>Format</strong>: <strong>CSV</strong>, <strong>XLSX</strong>{' '}
          or <strong>JSON</strong>, one row per order line in CSV and XLSX.
        </>,
        <>
          <strong>Columns</strong>: <strong>This view</strong> keeps the
          grid&apos;s visible columns plus <code>order_id</code> and{' '}
          <code>line_id</code>; <strong>All columns</strong> writes the full
          format.
        </>,
        <>
          <strong>Export</strong> downloads the file, or emails a link for a
          large export.
        </>,
      ]}>
      <div className={styles.toolbar}>
        <span>
          <Control kind="select">All orders</Control> <Label>Edited</Label>
          <Marker n={1} />
        </span>
        <span>
          <Marker n={2} />
          <Control>Export</Control>
        </span>
      </div>
      <p className={styles.query}>
        <code>placed_at &gt;= yesterday AND placed_at &lt; today</code>
      </p>
      <Grid
        label="Orders"
        columns={styles.columns}
        header={['Number', 'Placed', 'Store', 'Brand']}>
        <Row>
          <Cell label="Number">
            <Fact of="ord_4Qb9Ns3.number">10479</Fact>
          </Cell>
          <Cell label="Placed">
            <span>
              <Fact
                of="ord_4Qb9Ns3.placed_at"
                format="date"
                zone="Europe/London">
                3 May 2023
              </Fact>
              ,{' '}
              <Fact
                of="ord_4Qb9Ns3.placed_at"
                format="time"
                zone="Europe/London">
                17:12
              </Fact>
            </span>
          </Cell>
          <Cell label="Store">
            <Fact of="ord_4Qb9Ns3.store_id.name">Northwind Shopify</Fact>
          </Cell>
          <Cell label="Brand">
            <Fact of="ord_4Qb9Ns3.brand_id.name">Alder &amp; Finch</Fact>
          </Cell>
        </Row>
      </Grid>
      <div
        className={styles.dialogue}
        role="group"
        aria-label="Export dialogue">
        <p className={styles.title}>
          <Label>Export</Label>
        </p>
        <p className={styles.field}>
          <strong className={styles.fieldName}>
            <Label>Format</Label>
          </strong>
          <Choice chosen>CSV</Choice>
          <Choice>XLSX</Choice>
          <Choice>JSON</Choice>
          <Marker n={3} />
        </p>
        <p className={styles.field}>
          <strong className={styles.fieldName}>
            <Label>Columns</Label>
          </strong>
          <Choice chosen>This view</Choice>
          <Choice>All columns</Choice>
          <Marker n={4} />
        </p>
        <p className={styles.actions}>
          <Control>Cancel</Control>
          <Control primary>Export</Control>
          <Marker n={5} />
        </p>
      </div>
    </AppFigure>
  );
}
