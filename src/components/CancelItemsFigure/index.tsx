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
  Field,
  FormHeading,
  itemsColumns,
  OrderFacts,
  OrderStep,
  Panel,
  QuantityBox,
  Submit,
} from '../OrderScreen';

/**
 * Order 10482 once accepted, at 09:41 on 4 May 2023, with the Cancel items
 * form open and nothing entered yet: the world's story dispatches its one
 * unit, so the figure shows the form a reader fills in, not a cancellation
 * that happened.
 */

const order = 'ord_5Yc1Hd6';
const accepted = '2023-05-04T09:41:12Z';
const item = 'oit_8Gm4Rt2';

export default function CancelItemsFigure(): ReactNode {
  return (
    <AppFigure
      name="CancelItemsFigure"
      screen={['Orders', <OrderStep key="order" order={order} />]}
      caption={
        <>
          Order <Fact of={`${order}.number`}>10482</Fact>, accepted, with the{' '}
          <strong>Cancel items</strong> form open: its one line with its open
          unit, and the quantity to cancel and the reason still to fill in.
        </>
      }
      notes={[
        <>
          <strong>Cancel items</strong> opens the form, beside{' '}
          <strong>Create dispatch</strong>.
        </>,
        <>
          Enter how many of each line&apos;s open units you cannot send; no more
          than are open. Leave a line empty to keep all its units.
        </>,
        <>
          The reason goes to the shop order&apos;s notes, for the team that
          refunds the customer.
        </>,
        <>
          <strong>Confirm</strong> releases the units from allocation. A line
          whose whole quantity is cancelled becomes <code>cancelled</code>; once
          dispatches and cancellations cover every line, the order is{' '}
          <code>dispatched</code>.
        </>,
      ]}>
      <Actions>
        <Control>Create dispatch</Control>
        <Control primary>Cancel items</Control>
        <Marker n={1} />
        <Control>Cancel order</Control>
      </Actions>
      <OrderFacts
        order={order}
        placed={['4 May 2023', '10:30']}
        customer="Olivia Bennett"
        status={
          <Status tone="success">
            <Fact of={`${order}.status`} at={accepted}>
              accepted
            </Fact>
          </Status>
        }
      />
      <Panel title="Cancel items">
        <FormHeading>
          Items
          <Marker n={2} />
        </FormHeading>
        <Grid
          label="Items"
          columns={itemsColumns}
          header={['SKU', 'Open', 'To cancel']}>
          <Row>
            <Cell label="SKU">
              <code>
                <Fact of={`${item}.sku`}>ALDF-HWJ-OLV-M</Fact>
              </code>
            </Cell>
            <Cell label="Open">
              <Fact of={`${item}.quantity`}>1</Fact>
            </Cell>
            <Cell label="To cancel">
              <QuantityBox />
            </Cell>
          </Row>
        </Grid>
        <Actions>
          <Field name="Reason" />
          <Marker n={3} />
        </Actions>
        <Submit>
          <Control>Cancel</Control>
          <Control primary>Confirm</Control>
          <Marker n={4} />
        </Submit>
      </Panel>
    </AppFigure>
  );
}
