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
 * New transfer as Northwind fills it in at 16:20 on 4 May 2023 (London):
 * transfer trf_3Kw9Hn5, TR-2023-0142, twelve size M jackets from Leeds DC to
 * the shop floor, about to be saved as a draft.
 */

const transfer = 'trf_3Kw9Hn5';
const stock = 'var_3Tn8Wq1:wh_1Rk5Ds3';

/** A warehouse as the menus show it: its name and code, from the world. */
function Warehouse({of}: {of: string}): ReactNode {
  return (
    <>
      <Fact of={`${transfer}.${of}.name`}>
        {of === 'from_warehouse_id' ? 'Leeds DC' : 'Northwind Shop Floor'}
      </Fact>{' '}
      (
      <Fact of={`${transfer}.${of}.code`}>
        {of === 'from_warehouse_id' ? 'LDS' : 'NWSF'}
      </Fact>
      )
    </>
  );
}

export default function NewTransferFigure(): ReactNode {
  return (
    <AppFigure
      name="NewTransferFigure"
      screen={['Stock', 'Transfers', 'New transfer']}
      caption={
        <>
          <strong>New transfer</strong> filled in on{' '}
          <Fact
            of={`${transfer}.created_at`}
            format="date"
            zone="Europe/London">
            4 May 2023
          </Fact>{' '}
          for <Fact of={`${transfer}.reference`}>TR-2023-0142</Fact>:{' '}
          <Fact of={`${transfer}.quantity`}>12</Fact> size M jackets from Leeds
          DC to Northwind Shop Floor, ready for <strong>Save draft</strong>.
        </>
      }
      notes={[
        <>
          <strong>From</strong> and <strong>To</strong>: two active warehouses
          of your company.
        </>,
        <>
          A line per SKU. The Hub shows what the source can send, on hand minus
          allocated, and refuses <strong>Send</strong> for more.
        </>,
        <>
          <strong>Save draft</strong> changes no stock; <strong>Send</strong>,
          when the goods leave, takes them off on hand at the source and makes
          them incoming at the destination.
        </>,
      ]}>
      <dl className={styles.fields}>
        <dt>
          <Label>From</Label>
        </dt>
        <dd>
          <Control kind="select">
            <Warehouse of="from_warehouse_id" />
          </Control>
          <Marker n={1} />
        </dd>
        <dt>
          <Label>To</Label>
        </dt>
        <dd>
          <Control kind="select">
            <Warehouse of="to_warehouse_id" />
          </Control>
        </dd>
        <dt>
          <Label>Reference</Label>
        </dt>
        <dd>
          <span className={styles.input}>
            <Fact of={`${transfer}.reference`}>TR-2023-0142</Fact>
          </span>
        </dd>
        <dt>
          <Label>Expected</Label>
        </dt>
        <dd>
          <span className={styles.input}>
            <Fact
              of={`${transfer}.expected_at`}
              format="date"
              zone="Europe/London">
              6 May 2023
            </Fact>
          </span>
          <span className={styles.input}>
            <Fact
              of={`${transfer}.expected_at`}
              format="time"
              zone="Europe/London">
              13:00
            </Fact>
          </span>
        </dd>
      </dl>
      <p className={styles.linesTitle}>
        <Label>Lines</Label>
        <Marker n={2} />
      </p>
      <Grid
        label="Lines"
        columns={styles.columns}
        header={['SKU', 'Quantity', 'Can send from Leeds DC']}>
        <Row>
          <Cell label="SKU">
            <code>ALDF-HWJ-OLV-M</code>
          </Cell>
          <Cell label="Quantity">
            <span className={styles.input}>
              <Fact of={`${transfer}.quantity`}>12</Fact>
            </span>
          </Cell>
          <Cell label="Can send from Leeds DC">
            <Fact of={`${stock}.sendable`}>21</Fact>
          </Cell>
        </Row>
      </Grid>
      <p className={styles.actions}>
        <Marker n={3} />
        <Control>Save draft</Control>
        <Control primary>Send</Control>
      </p>
    </AppFigure>
  );
}
