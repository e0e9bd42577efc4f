import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Marker,
  Row,
  Status,
} from '../AppFigure';
import {
  Actions,
  FormHeading,
  OrderFacts,
  OrderStep,
  order10482,
} from '../OrderScreen';
import styles from './styles.module.css';

/**
 * Order 10482 as it arrives at Northwind at 10:30 on 4 May 2023, before
 * Priya Shah accepts it at 10:41: pending, with its one line, and the
 * buttons to accept or reject it.
 */

const {order} = order10482;
const item = 'oit_8Gm4Rt2';
/** When it arrived from Northwind Shopify. */
const arrived = '2023-05-04T09:30:04Z';
const pending = (
  <Fact of={`${order}.status`} at={arrived}>
    pending
  </Fact>
);

export default function OrderAcceptFigure(): ReactNode {
  return (
    <AppFigure
      name="OrderAcceptFigure"
      screen={['Orders', <OrderStep key="order" order={order} />]}
      caption={
        <>
          Order <Fact of={`${order}.number`}>10482</Fact> from Northwind Shopify
          as it arrives, <code>{pending}</code>: one line, waiting for Northwind
          to accept or reject it.
        </>
      }
      notes={[
        <>
          <strong>Accept</strong>: you will dispatch the order. Its units stay
          allocated until you do.
        </>,
        <>
          <strong>Reject</strong> asks for a reason, which the Hub notes on the
          Shopify order with a tag; the units return to available stock.
        </>,
        <>Check each line against your stock before you accept.</>,
      ]}>
      <Actions>
        <Control primary>Accept</Control>
        <Marker n={1} />
        <Control>Reject</Control>
        <Marker n={2} />
        <Control>Cancel order</Control>
      </Actions>
      <OrderFacts
        {...order10482}
        status={<Status tone="warning">{pending}</Status>}
      />
      <FormHeading>
        Items
        <Marker n={3} />
      </FormHeading>
      <Grid
        label="Items"
        columns={styles.columns}
        header={['SKU', 'Item', 'Quantity', 'Status']}>
        <Row>
          <Cell label="SKU">
            <code>
              <Fact of={`${item}.sku`}>ALDF-HWJ-OLV-M</Fact>
            </code>
          </Cell>
          <Cell label="Item">
            <Fact of={`${item}.title`}>Harbour Waxed Jacket, Olive, M</Fact>
          </Cell>
          <Cell label="Quantity">
            <Fact of={`${item}.quantity`}>1</Fact>
          </Cell>
          <Cell label="Status">
            <Status tone="neutral">
              <Fact of={`${item}.status`} at={arrived}>
                open
              </Fact>
            </Status>
          </Cell>
        </Row>
      </Grid>
    </AppFigure>
  );
}
