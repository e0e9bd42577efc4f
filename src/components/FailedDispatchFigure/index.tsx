// cspell:words fulfillment
import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Label, Marker, Status} from '../AppFigure';
import {Actions, OrderFacts, OrderStep, Panel} from '../OrderScreen';
import styles from './styles.module.css';

/**
 * Order 10479 on the morning of 4 May 2023: its one parcel, dispatch
 * dsp_4Ka8Yr2, was refused by Shopify because the order had already been
 * fulfilled there. Northwind retried it at 16:10, once the Shopify
 * fulfilment was cancelled. ("Cancel fulfillment" is Shopify's spelling.)
 */

const order = 'ord_4Qb9Ns3';
const dispatch = 'dsp_4Ka8Yr2';
const failed = '2023-05-04T08:05:44Z';
/** When Northwind selected Retry. */
const retried = '2023-05-04T15:10:00Z';

export default function FailedDispatchFigure(): ReactNode {
  return (
    <AppFigure
      name="FailedDispatchFigure"
      screen={['Orders', <OrderStep key="order" order={order} />]}
      caption={
        <>
          Order <Fact of={`${order}.number`}>10479</Fact> with its dispatch{' '}
          <code>
            <Fact of={`${dispatch}.status`} at={failed}>
              failed
            </Fact>
          </code>
          : Shopify refused the fulfilment because the order was already
          fulfilled there.
        </>
      }
      notes={[
        <>
          The reason, <strong>Already fulfilled</strong>, and Shopify&apos;s
          message. Fix the cause first: here, select{' '}
          <strong>Cancel fulfillment</strong> on the order in Shopify.
        </>,
        <>
          <strong>Edit</strong> corrects the carrier, service or tracking
          number, as for <strong>Invalid tracking number</strong>.
        </>,
        <>
          <strong>Retry</strong> sends the dispatch again: it returns to{' '}
          <code>
            <Fact of={`${dispatch}.status`} at={retried}>
              created
            </Fact>
          </code>
          , then reaches the shop or fails again.
        </>,
      ]}>
      <OrderFacts
        order={order}
        placed={['3 May 2023', '17:12']}
        customer="James Carter"
        status={
          <Status tone="success">
            <Fact of={`${order}.status`} at={failed}>
              dispatched
            </Fact>
          </Status>
        }
      />
      <Panel
        title={
          <>
            Dispatch <Fact of={dispatch}>{dispatch}</Fact>
            <Status tone="danger">
              <Fact of={`${dispatch}.status`} at={failed}>
                failed
              </Fact>
            </Status>
          </>
        }>
        <p className={styles.line}>
          <Fact of={`${dispatch}.carrier`}>DPD</Fact>{' '}
          <Fact of={`${dispatch}.service`}>Next Day</Fact>, tracking{' '}
          <code>
            <Fact of={`${dispatch}.tracking_number`}>15501234567812</Fact>
          </code>
          , dispatched{' '}
          <Fact
            of={`${dispatch}.dispatched_at`}
            format="time"
            zone="Europe/London">
            09:05
          </Fact>
          ; items ALDF-HWJ-OLV-M and ALDF-HWJ-OLV-L
        </p>
        <p className={styles.reason}>
          <span>
            <strong>
              <Label>Already fulfilled</Label>
            </strong>
            <Marker n={1} />
          </span>
          <span>
            <Fact of={`${dispatch}.failure_reason`} at={failed}>
              Shopify refused the fulfilment: the order is already marked as
              fulfilled.
            </Fact>
          </span>
        </p>
        <Actions>
          <Control>Edit</Control>
          <Marker n={2} />
          <Control primary>Retry</Control>
          <Marker n={3} />
        </Actions>
      </Panel>
    </AppFigure>
  );
}
