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
 * The Harbour Waxed Jacket's Prices tab on 4 May 2023, at 14:12 UTC: both
 * sizes' prices (size L's mistaken sale price was deleted at 11:05), with
 * Schedule change open on size M's RRP (prc_8Mv3Qa1) and filled in as Alder
 * & Finch's summer sale: the form that makes price change pch_2Fs7Kd4.
 */

const productTabs = ['Details', 'Variants', 'Images', 'Prices'];
const change = 'pch_2Fs7Kd4';
/** The price the change is scheduled on: size M's RRP. */
const changed = 'prc_8Mv3Qa1';

/** Every price of the jacket, size by size, as the world holds them. */
const prices = [
  {id: 'prc_8Mv3Qa1', sku: 'ALDF-HWJ-OLV-M', list: 'rrp', pence: 14900},
  {id: 'prc_8Mv3Qa2', sku: 'ALDF-HWJ-OLV-M', list: 'wholesale', pence: 6950},
  {id: 'prc_8Mv3Qa4', sku: 'ALDF-HWJ-OLV-L', list: 'rrp', pence: 14900},
  {id: 'prc_8Mv3Qa5', sku: 'ALDF-HWJ-OLV-L', list: 'wholesale', pence: 6950},
];
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A price in pounds, as the app shows it, from the sample world. */
function Price({id, pence}: {id: string; pence: number}): ReactNode {
  return (
    <Fact of={`${id}.amount`} format="money">
      {pounds(pence)}
    </Fact>
  );
}

export default function ProductPricesFigure(): ReactNode {
  return (
    <AppFigure
      name="ProductPricesFigure"
      screen={['Catalogue', 'Products', 'Harbour Waxed Jacket']}
      tabs={productTabs}
      activeTab="Prices"
      caption={
        <>
          The Prices tab of the Harbour Waxed Jacket, with{' '}
          <strong>Schedule change</strong> open on the{' '}
          <code>
            <Fact of={`${changed}.price_list`}>rrp</Fact>
          </code>{' '}
          price of size M and filled in for Alder & Finch&apos;s summer sale.
        </>
      }
      notes={[
        <>
          <strong>Schedule change</strong> on the price to change: here the{' '}
          <code>
            <Fact of={`${changed}.price_list`}>rrp</Fact>
          </code>{' '}
          of <Fact of={`${changed}.variant_id.sku`}>ALDF-HWJ-OLV-M</Fact>.
        </>,
        <>The new amount in pounds, when it applies in London time, and why.</>,
        <>
          <strong>Schedule</strong> makes the price change <Fact of={change} />,{' '}
          <code>
            <Fact of={`${change}.status`}>scheduled</Fact>
          </code>
          ; the price keeps its amount until then.
        </>,
      ]}>
      <Grid
        label="Prices"
        columns={styles.columns}
        header={['Variant', 'Price list', 'Amount', '']}>
        {prices.map(({id, sku, list, pence}) => (
          <Row key={id} highlight={id === changed}>
            <Cell label="Variant">
              <code>
                <Fact of={`${id}.variant_id.sku`}>{sku}</Fact>
              </code>
            </Cell>
            <Cell label="Price list">
              <code>
                <Fact of={`${id}.price_list`}>{list}</Fact>
              </code>
            </Cell>
            <Cell label="Amount">
              <Price id={id} pence={pence} />
            </Cell>
            <Cell label="Action">
              <Control>Schedule change</Control>
              {id === changed && <Marker n={1} />}
            </Cell>
          </Row>
        ))}
      </Grid>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          <Label>Schedule change</Label>
          <Marker n={2} />
        </p>
        <dl className={styles.fields}>
          <dt>
            <Label>New amount</Label>
          </dt>
          <dd>
            <span className={styles.input}>
              <Fact of={`${change}.new_price.amount`} format="money">
                £119.00
              </Fact>
            </span>
          </dd>
          <dt>
            <Label>Effective at</Label>
          </dt>
          <dd>
            <span className={styles.input}>
              <Fact
                of={`${change}.effective_at`}
                format="date"
                zone="Europe/London">
                1 June 2023
              </Fact>
            </span>
            <span className={styles.input}>
              <Fact
                of={`${change}.effective_at`}
                format="time"
                zone="Europe/London">
                01:00
              </Fact>
            </span>
          </dd>
          <dt>
            <Label>Reason</Label>
          </dt>
          <dd>
            <span className={styles.input}>
              <Fact of={`${change}.reason`}>Summer sale</Fact>
            </span>
          </dd>
        </dl>
        <p className={styles.actions}>
          <Marker n={3} />
          <Control>Cancel</Control>
          <Control primary>Schedule</Control>
        </p>
      </div>
    </AppFigure>
  );
}
