import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Literal, Marker} from '../AppFigure';
import {
  AcceptedOrderHead,
  Actions,
  Field,
  OpenItems,
  OrderStep,
  Panel,
  Submit,
} from '../OrderScreen';

/**
 * Order 10482 once accepted, at 09:41 on 4 May 2023, with the Cancel items
 * form open and nothing entered yet: the world's story dispatches its one
 * unit, so the figure shows the form a reader fills in, not a cancellation
 * that happened.
 */

const order = 'ord_5Yc1Hd6';

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
          On a Shopify order, the reason goes to its notes in Shopify, for the
          team that refunds the customer.
        </>,
        <>
          <strong>Confirm</strong> releases the units from allocation. A line
          whose whole quantity is cancelled becomes <code>cancelled</code>; once
          dispatches and cancellations cover every line, the order is{' '}
          <Literal why="the rule for any order, not this order's state">
            <code>dispatched</code>
          </Literal>
          , or <code>cancelled</code> if nothing was dispatched.
        </>,
      ]}>
      <AcceptedOrderHead open="Cancel items" />
      <Panel title="Cancel items">
        <OpenItems ask="To cancel" marker={<Marker n={2} />} />
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
