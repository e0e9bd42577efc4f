import type {ReactNode} from 'react';
import AppFigure, {Fact, Literal, ProductNumber} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The four data flows of the resources overview, each from where data starts,
 * through the Hub, to where it lands, with the sample jacket's figures.
 */

interface Step {
  who: string;
  what: ReactNode;
}

interface Flow {
  title: string;
  from: Step;
  /** What carries the data into the Hub. */
  into: ReactNode;
  hub: ReactNode;
  /** What carries it on from the Hub. */
  out: ReactNode;
  to: Step;
}

/** The jacket in size M at Leeds DC once order 10482 had allocated its unit. */
const stock = 'var_3Tn8Wq1:wh_1Rk5Ds3';
const allocated = '2023-05-04T09:30:05Z';
/** The dispatch step shows the dispatch Priya Shah recorded at 15:05. */
const dispatched = '2023-05-04T14:05:00Z';
const Stock = ({field}: {field: string}) => (
  <Fact of={`${stock}.${field}`} at={allocated}>
    {{on_hand: 24, allocated: 3, buffer: 2, available: 19}[field]}
  </Fact>
);
const order = <Fact of="ord_5Yc1Hd6.number">10482</Fact>;

const flows: Flow[] = [
  {
    title: 'Catalogue',
    from: {
      who: 'Brand: Alder & Finch',
      what: 'Products, variants, images and prices, entered in Catalogue, Files or the API',
    },
    into: "the brand's catalogue",
    hub: "Publishes to a Shopify store the products its retailer chooses, or its brand store's auto-publish picks, and enriches the matching listings of a BigCommerce or Visualsoft store",
    out: 'through an active brand store: on publish or Enrich all, then on every change',
    to: {
      who: 'Shop: Northwind Shopify',
      what: 'The listing is created or updated; on BigCommerce and Visualsoft an existing listing is enriched',
    },
  },
  {
    title: 'Stock',
    from: {
      who: 'Warehouse: Leeds DC',
      what: (
        <>
          On hand from Stock, stock files, batch updates and transfers:{' '}
          <Stock field="on_hand" /> units
        </>
      ),
    },
    into: 'figures per variant',
    hub: (
      <>
        Works out available: on hand − allocated − buffer, never below{' '}
        <Literal why="available is never negative">0</Literal>.{' '}
        <Stock field="on_hand" /> − <Stock field="allocated" /> −{' '}
        <Stock field="buffer" /> ={' '}
        <strong>
          <Stock field="available" />
        </strong>
      </>
    ),
    out: (
      <>
        every <ProductNumber name="stock_push_minutes">5 minutes</ProductNumber>{' '}
        and on change
      </>
    ),
    to: {
      who: 'Shop: mapped Shopify location',
      what: (
        <>
          Leeds Warehouse shows <Stock field="available" /> in stock
        </>
      ),
    },
  },
  {
    title: 'Orders and sales',
    from: {
      who: 'Shop: Northwind Shopify',
      what: <>Olivia Bennett pays for order {order}, one jacket in size M</>,
    },
    into: 'when paid',
    hub: (
      <>
        Makes one order per brand,{' '}
        <code>
          <Fact of="ord_5Yc1Hd6.status" at="2023-05-04T09:30:04Z">
            pending
          </Fact>
        </code>
        , allocates its units at once and records a sale for each line
      </>
    ),
    out: 'to accept, and to Sales',
    to: {
      who: 'Fulfilling company, and the brand',
      what: (
        <>
          Northwind accepts {order} (the retailer for wholesale, the brand for
          dropship); the sale shows in Sales for Northwind and Alder & Finch
        </>
      ),
    },
  },
  {
    title: 'Dispatch',
    from: {
      who: 'Fulfilling company',
      what: (
        <>
          Records a dispatch: DPD Next Day, tracking{' '}
          <Fact of="dsp_6Vb1Qe7.tracking_number" at={dispatched}>
            15501234567890
          </Fact>
        </>
      ),
    },
    into: 'dispatch',
    hub: 'Takes the units off on hand and allocated',
    out: 'fulfilment with tracking',
    to: {
      who: 'Shop: Northwind Shopify',
      what: 'The order is fulfilled and Shopify emails the customer the tracking link',
    },
  },
];

function Arrow({label}: {label: ReactNode}): ReactNode {
  return (
    <span className={styles.arrow}>
      <span className={styles.arrowLabel}>{label}</span>
      <span className={styles.line} aria-hidden="true" />
    </span>
  );
}

export default function DataFlowFigure(): ReactNode {
  return (
    <AppFigure
      name="DataFlowFigure"
      caption="The four flows of data between brands, Integration Hub and shops, numbered as the sections below. Each reads from left to right (top to bottom on a phone), with the Harbour Waxed Jacket's figures.">
      <ol className={styles.flows}>
        {flows.map(({title, from, into, hub, out, to}) => (
          <li key={title} className={styles.flow}>
            <p className={styles.title}>{title}</p>
            <div className={styles.steps}>
              <p className={styles.node}>
                <strong>{from.who}</strong>
                <span>{from.what}</span>
              </p>
              <Arrow label={into} />
              <p className={`${styles.node} ${styles.hub}`}>
                <strong>Integration Hub</strong>
                <span>{hub}</span>
              </p>
              <Arrow label={out} />
              <p className={styles.node}>
                <strong>{to.who}</strong>
                <span>{to.what}</span>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </AppFigure>
  );
}
