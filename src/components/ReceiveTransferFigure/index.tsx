import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Label,
  Marker,
  Row,
  Status,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Transfer TR-2023-0142 (trf_3Kw9Hn5) open on 6 May 2023, sent from Leeds DC
 * at 08:10:22 UTC and not yet received: the moment before Receive, with the
 * shop floor's stock of the jacket as the world holds it then.
 */

const transfer = 'trf_3Kw9Hn5';
const sent = '2023-05-06T08:10:22Z';
const received = '2023-05-06T10:45:09Z';
const shopFloor = 'var_3Tn8Wq1:wh_6Jp2Mc8';
const inTransit = (
  <Fact of={`${transfer}.status`} at={sent}>
    in_transit
  </Fact>
);

/** The shop floor's stock of size M at a moment of the world. */
function ShopFloor({field, at}: {field: string; at: string}): ReactNode {
  const values: Record<string, Record<string, number>> = {
    [sent]: {on_hand: 4, incoming: 12},
    [received]: {on_hand: 16, incoming: 0},
  };
  return (
    <Fact of={`${shopFloor}.${field}`} at={at}>
      {values[at]![field]}
    </Fact>
  );
}

/** When the transfer was sent, in London time: Leeds DC's stock moment. */
function Sent({part}: {part: 'date' | 'time'}): ReactNode {
  return (
    <Fact
      of="var_3Tn8Wq1:wh_1Rk5Ds3.updated_at"
      at={sent}
      format={part}
      zone="Europe/London">
      {part === 'date' ? '6 May 2023' : '09:10'}
    </Fact>
  );
}

export default function ReceiveTransferFigure(): ReactNode {
  const reference = <Fact of={`${transfer}.reference`}>TR-2023-0142</Fact>;
  return (
    <AppFigure
      name="ReceiveTransferFigure"
      screen={['Stock', 'Transfers', reference]}
      caption={
        <>
          Transfer {reference} on <Sent part="date" />, sent from Leeds DC at{' '}
          <Sent part="time" /> and still <code>{inTransit}</code>: the shop
          floor counts its jackets as incoming until someone selects{' '}
          <strong>Receive</strong>.
        </>
      }
      notes={[
        <>
          Check the delivery against the lines before you receive it: receiving
          takes the whole transfer.
        </>,
        <>
          <strong>Receive</strong> moves every line&apos;s units from incoming
          to on hand at Northwind Shop Floor: on hand{' '}
          <ShopFloor field="on_hand" at={sent} /> →{' '}
          <ShopFloor field="on_hand" at={received} />, incoming{' '}
          <ShopFloor field="incoming" at={sent} /> →{' '}
          <ShopFloor field="incoming" at={received} />.
        </>,
        <>
          <strong>Cancel</strong> instead puts the units back in Leeds DC&apos;s
          on hand.
        </>,
      ]}>
      <dl className={styles.summary}>
        <div>
          <dt>Status</dt>
          <dd>
            <Status tone="neutral">{inTransit}</Status>
          </dd>
        </div>
        <div>
          <dt>
            <Label>From</Label>
          </dt>
          <dd>
            <Fact of={`${transfer}.from_warehouse_id.name`}>Leeds DC</Fact>
          </dd>
        </div>
        <div>
          <dt>
            <Label>To</Label>
          </dt>
          <dd>
            <Fact of={`${transfer}.to_warehouse_id.name`}>
              Northwind Shop Floor
            </Fact>
          </dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <Sent part="date" />, <Sent part="time" />
          </dd>
        </div>
        <div>
          <dt>
            <Label>Expected</Label>
          </dt>
          <dd>
            <Fact
              of={`${transfer}.expected_at`}
              at={sent}
              format="date"
              zone="Europe/London">
              7 May 2023
            </Fact>
            ,{' '}
            <Fact
              of={`${transfer}.expected_at`}
              at={sent}
              format="time"
              zone="Europe/London">
              13:00
            </Fact>
          </dd>
        </div>
      </dl>
      <p className={styles.linesTitle}>
        <Label>Lines</Label>
        <Marker n={1} />
      </p>
      <Grid
        label="Lines"
        columns={styles.columns}
        header={[
          'SKU',
          'Quantity',
          'On hand at Northwind Shop Floor',
          'Incoming at Northwind Shop Floor',
        ]}>
        <Row>
          <Cell label="SKU">
            <code>ALDF-HWJ-OLV-M</code>
          </Cell>
          <Cell label="Quantity">
            <Fact of={`${transfer}.quantity`}>12</Fact>
          </Cell>
          <Cell label="On hand at Northwind Shop Floor">
            <ShopFloor field="on_hand" at={sent} />
          </Cell>
          <Cell label="Incoming at Northwind Shop Floor">
            <ShopFloor field="incoming" at={sent} />
          </Cell>
        </Row>
      </Grid>
      <p className={styles.actions}>
        <Marker n={3} />
        <Control>Cancel</Control>
        <Control primary>Receive</Control>
        <Marker n={2} />
      </p>
    </AppFigure>
  );
}
