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
 * Stores → Brand stores as Alder & Finch Ltd sees it on 8 May 2023, filtered
 * on Pending: Northwind Outfitters' proposal bst_3Pk7Wd5 to sell Alder &
 * Finch in Northwind BigCommerce, open with its terms (the Brand stores
 * API's create example), before the brand approves it.
 */

const proposal = 'bst_3Pk7Wd5';
/** When Northwind proposed it, and when Alder & Finch approved it. */
const sent = '2023-05-08T10:15:33Z';
const approved = '2023-05-08T14:36:50Z';
const proposed = (
  <Fact of={`${proposal}.created_at`} format="date" zone="Europe/London">
    8 May 2023
  </Fact>
);
const store = (
  <Fact of={`${proposal}.store_id.name`}>Northwind BigCommerce</Fact>
);
const retailer = (
  <Fact of={`${proposal}.requested_by_company_id.name`}>
    Northwind Outfitters
  </Fact>
);

export default function BrandStoresFigure(): ReactNode {
  return (
    <AppFigure
      name="BrandStoresFigure"
      screen={['Stores', 'Brand stores']}
      caption={
        <>
          Brand stores at Alder & Finch Ltd on {proposed}, filtered on{' '}
          <strong>Pending</strong>: {retailer}&apos;s proposal to sell Alder &
          Finch in {store} is open with its terms, waiting for the brand&apos;s
          answer.
        </>
      }
      notes={[
        <>
          The <strong>Pending</strong> filter shows only proposals waiting for
          an answer. A brand sees one row per store that sells it.
        </>,
        <>
          The terms as proposed. A proposal is answered on its terms: to change
          one, decline it and send your own with{' '}
          <strong>Propose brand store</strong>.
        </>,
        <>
          <strong>Approve</strong> makes the brand store{' '}
          <code>
            <Fact of={`${proposal}.status`} at={approved}>
              active
            </Fact>
          </code>
          , so the Hub can enrich the store&apos;s listings of the brand
          (BigCommerce takes no publishing); <strong>Decline</strong> refuses
          it.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span>
          <Marker n={1} />
          <Control kind="select">Pending</Control>
        </span>
        <Control>Propose brand store</Control>
      </p>
      <Grid
        label="Brand stores"
        columns={styles.columns}
        header={['Store', 'Retailer', 'Fulfilment', 'Proposed', 'Status']}>
        <Row highlight>
          <Cell label="Store">
            <strong>{store}</strong>
          </Cell>
          <Cell label="Retailer">{retailer}</Cell>
          <Cell label="Fulfilment">
            <code>
              <Fact of={`${proposal}.fulfilment`}>wholesale</Fact>
            </code>
          </Cell>
          <Cell label="Proposed">{proposed}</Cell>
          <Cell label="Status">
            <Status tone="warning">
              <Fact of={`${proposal}.status`} at={sent}>
                pending
              </Fact>
            </Status>
          </Cell>
        </Row>
      </Grid>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          Alder & Finch at {store}
          <Marker n={2} />
        </p>
        <dl className={styles.terms}>
          <dt>
            <Label>Fulfilment</Label>
          </dt>
          <dd>
            <code>
              <Fact of={`${proposal}.fulfilment`}>wholesale</Fact>
            </code>
          </dd>
          <dt>
            <Label>Price list</Label>
          </dt>
          <dd>
            <code>
              <Fact of={`${proposal}.price_list`}>rrp</Fact>
            </code>
          </dd>
          <dt>
            <Label>Stock buffer</Label>
          </dt>
          <dd>
            {/* As proposed: the store is pending from its creation. */}
            <Fact of={`${proposal}.stock_buffer`} at={sent}>
              0
            </Fact>
          </dd>
          <dt>
            <Label>Auto-publish</Label>
          </dt>
          <dd>
            <Fact of={`${proposal}.auto_publish`} format="switch">
              Off
            </Fact>
          </dd>
        </dl>
        <p className={styles.actions}>
          <Marker n={3} />
          <Control primary>Approve</Control>
          <Control>Decline</Control>
        </p>
      </div>
    </AppFigure>
  );
}
