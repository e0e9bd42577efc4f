import {Fragment, type ReactNode} from 'react';
import {Cell, Control, Fact, Grid, Marker, Row, Status} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The parts of an order's page that the Orders figures share
 * (OrderAcceptFigure, OrderDispatchFigure, CancelItemsFigure,
 * FailedDispatchFigure): the order's facts as the page heads them, its rows
 * of buttons, and the parts of its forms.
 */

/** The order's number as a step of the screen's path. */
export function OrderStep({order}: {order: string}): ReactNode {
  const number = {ord_5Yc1Hd6: '10482', ord_4Qb9Ns3: '10479'}[order];
  return (
    <>
      Order <Fact of={`${order}.number`}>{number}</Fact>
    </>
  );
}

/** Store, brand, placed, customer and status, as the order's page heads them. */
export function OrderFacts({
  order,
  placed,
  customer,
  status,
}: {
  order: string;
  /** When it was placed, in the company's time zone: [date, time]. */
  placed: [string, string];
  customer: string;
  status: ReactNode;
}): ReactNode {
  const facts: [string, ReactNode][] = [
    [
      'Store',
      <Fact key="store" of={`${order}.store_id.name`}>
        Northwind Shopify
      </Fact>,
    ],
    [
      'Brand',
      <Fact key="brand" of={`${order}.brand_id.name`}>
        Alder &amp; Finch
      </Fact>,
    ],
    [
      'Placed',
      <Fragment key="placed">
        <Fact of={`${order}.placed_at`} format="date" zone="Europe/London">
          {placed[0]}
        </Fact>
        ,{' '}
        <Fact of={`${order}.placed_at`} format="time" zone="Europe/London">
          {placed[1]}
        </Fact>
      </Fragment>,
    ],
    ['Customer', customer],
    ['Status', status],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of buttons, or of a form's fields. */
export function Actions({children}: {children: ReactNode}): ReactNode {
  return <p className={styles.actions}>{children}</p>;
}

/** A framed part of the page (the dispatch form, a dispatch) with a title. */
export function Panel({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactNode;
}): ReactNode {
  return (
    <section className={styles.panel}>
      <p className={styles.panelTitle}>{title}</p>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}

/** A drawn text field with its name above it. */
export function Field({
  name,
  children,
}: {
  name: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <span className={styles.field}>
      <span className={styles.fieldName}>{name}</span>
      <span className={styles.input}>{children}</span>
    </span>
  );
}

/** A form's heading above its items. */
export function FormHeading({children}: {children: ReactNode}): ReactNode {
  return <p className={styles.formHeading}>{children}</p>;
}

/** A drawn number box inside an items grid. */
function QuantityBox({children}: {children?: ReactNode}): ReactNode {
  return <span className={styles.quantity}>{children}</span>;
}

/** A form's buttons, at its foot on the right. */
export function Submit({children}: {children: ReactNode}): ReactNode {
  return <p className={styles.submit}>{children}</p>;
}

/** Order 10482's facts as its page heads them, but its status. */
export const order10482 = {
  order: 'ord_5Yc1Hd6',
  placed: ['4 May 2023', '10:30'] as [string, string],
  customer: 'Olivia Bennett',
};

/**
 * Order 10482 once Priya Shah has accepted it, as the forms that follow
 * show it: its buttons, with the one whose form is open pressed (key 1),
 * and its facts, `accepted` as at the acceptance.
 */
export function AcceptedOrderHead({
  open,
}: {
  open: 'Create dispatch' | 'Cancel items';
}): ReactNode {
  const {order} = order10482;
  return (
    <>
      <Actions>
        <Control primary={open === 'Create dispatch'}>Create dispatch</Control>
        <Control primary={open === 'Cancel items'}>Cancel items</Control>
        <Marker n={1} />
        <Control>Cancel order</Control>
      </Actions>
      <OrderFacts
        {...order10482}
        status={
          <Status tone="success">
            <Fact of={`${order}.status`} at="2023-05-04T09:41:12Z">
              accepted
            </Fact>
          </Status>
        }
      />
    </>
  );
}

/**
 * The items of a form on order 10482: its one line's SKU and open units,
 * and the box the form asks the reader to fill for it (`ask`), holding
 * `children` once filled.
 */
export function OpenItems({
  ask,
  marker,
  children,
}: {
  ask: string;
  marker: ReactNode;
  children?: ReactNode;
}): ReactNode {
  const item = 'oit_8Gm4Rt2';
  return (
    <>
      <FormHeading>
        Items
        {marker}
      </FormHeading>
      <Grid
        label="Items"
        columns={styles.itemsColumns}
        header={['SKU', 'Open', ask]}>
        <Row>
          <Cell label="SKU">
            <code>
              <Fact of={`${item}.sku`}>ALDF-HWJ-OLV-M</Fact>
            </code>
          </Cell>
          <Cell label="Open">
            <Fact of={`${item}.quantity`}>1</Fact>
          </Cell>
          <Cell label={ask}>
            <QuantityBox>{children}</QuantityBox>
          </Cell>
        </Row>
      </Grid>
    </>
  );
}
