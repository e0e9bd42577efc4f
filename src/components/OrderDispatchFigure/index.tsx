import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Marker} from '../AppFigure';
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
 * Order 10482 once accepted, at 15:05 on 4 May 2023, with the Create
 * dispatch form filled in as Priya Shah sends the parcel: DPD Next Day,
 * its tracking number and link, and the one unit. Cancel items is beside it.
 */

const order = 'ord_5Yc1Hd6';
const dispatch = 'dsp_6Vb1Qe7';
/** The form holds what the dispatch is created with when she saves it. */
const saved = '2023-05-04T14:05:00Z';

export default function OrderDispatchFigure(): ReactNode {
  return (
    <AppFigure
      name="OrderDispatchFigure"
      screen={['Orders', <OrderStep key="order" order={order} />]}
      caption={
        <>
          Order <Fact of={`${order}.number`}>10482</Fact>, accepted, with the{' '}
          <strong>Create dispatch</strong> form filled in for its one parcel:
          DPD Next Day, the tracking number and link, and the unit of its only
          line.
        </>
      }
      notes={[
        <>
          <strong>Create dispatch</strong> opens the form.{' '}
          <strong>Cancel items</strong> opens a form like it, to cancel the
          units you cannot send, with a reason.
        </>,
        <>
          The carrier, service, tracking number and its link go to Shopify,
          which emails them to the customer while the store&apos;s{' '}
          <strong>Notify customers of fulfilments</strong> is on.
        </>,
        <>
          Under <strong>Items</strong>, every open unit is filled in; lower a
          quantity for a part shipment.
        </>,
        <>
          <strong>Create dispatch</strong> records the parcel: on hand and
          allocated fall by its units, and the Hub sends it to Shopify.
        </>,
      ]}>
      <AcceptedOrderHead open="Create dispatch" />
      <Panel title="Create dispatch">
        <Actions>
          <Field name="Carrier">
            <Fact of={`${dispatch}.carrier`} at={saved}>
              DPD
            </Fact>
          </Field>
          <Field name="Service">
            <Fact of={`${dispatch}.service`} at={saved}>
              Next Day
            </Fact>
          </Field>
          <Field name="Tracking number">
            <Fact of={`${dispatch}.tracking_number`} at={saved}>
              15501234567890
            </Fact>
          </Field>
          <Field name="Tracking link">
            <Fact of={`${dispatch}.tracking_url`} at={saved}>
              https://tracking.example.com/dpd/15501234567890
            </Fact>
          </Field>
          <Marker n={2} />
        </Actions>
        <OpenItems ask="In this parcel" marker={<Marker n={3} />}>
          <Fact of="dit_2Xm5Sw3.quantity" at={saved}>
            1
          </Fact>
        </OpenItems>
        <Submit>
          <Control>Cancel</Control>
          <Control primary>Create dispatch</Control>
          <Marker n={4} />
        </Submit>
      </Panel>
    </AppFigure>
  );
}
