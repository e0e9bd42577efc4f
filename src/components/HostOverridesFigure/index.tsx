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
 * Harbour Waxed Jacket on Northwind Shopify (host product hpr_7Se2Vn4) with
 * Overrides open at the world's now: Northwind's own title and size M's price
 * override (host variant hvr_1Uc9Bk6), which Priya Shah saved on 3 May, the
 * fields the Overrides steps fill in. Size L (hvr_1Uc9Bk7) is listed too: its
 * override is the Shopify price the 2 May download kept.
 */

const host = 'hpr_7Se2Vn4';

/** The listing's variants, each with its host variant and its brand store's wholesale price. */
const variants = [
  {hostVariant: 'hvr_1Uc9Bk6', sku: 'ALDF-HWJ-OLV-M', price: 'prc_8Mv3Qa2'},
  {hostVariant: 'hvr_1Uc9Bk7', sku: 'ALDF-HWJ-OLV-L', price: 'prc_8Mv3Qa5'},
];

export default function HostOverridesFigure(): ReactNode {
  return (
    <AppFigure
      name="HostOverridesFigure"
      screen={[
        'Stores',
        'Northwind Shopify',
        'Products',
        'Harbour Waxed Jacket',
      ]}
      caption={
        <>
          Harbour Waxed Jacket on Northwind Shopify with{' '}
          <strong>Overrides</strong> open: Northwind&apos;s own title and its
          prices for sizes M and L replace the brand&apos;s, while the
          description and tags keep following the brand.
        </>
      }
      notes={[
        <>
          A field with an override shows Northwind&apos;s value;{' '}
          <strong>Use brand value</strong> clears it, and the brand&apos;s
          changes reach the shop again.
        </>,
        <>
          <strong>Price override</strong> is per variant, in the store&apos;s
          currency. It replaces the price from the brand store&apos;s{' '}
          <code>
            <Fact of="bst_6Nq2Rs8.price_list">wholesale</Fact>
          </code>{' '}
          price list.
        </>,
        <>
          <strong>Save</strong>: the change reaches Shopify at the next sync.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span>
          <Status tone="success">
            <Fact of={`${host}.status`}>linked</Fact>
          </Status>{' '}
          <Label>Last synced</Label>{' '}
          <Fact
            of={`${host}.last_synced_at`}
            format="time"
            zone="Europe/London">
            16:55
          </Fact>
        </span>
        <Control>Sync now</Control>
      </p>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          <Label>Overrides</Label>
          <Marker n={1} />
        </p>
        <dl className={styles.fields}>
          <dt>
            <Label>Title</Label>
          </dt>
          <dd>
            <span className={styles.input}>
              Alder & Finch Harbour Waxed Jacket in Olive
            </span>
            <Control>Use brand value</Control>
          </dd>
          <dt>
            <Label>Description</Label>
          </dt>
          <dd className={styles.muted}>The brand&apos;s description</dd>
          <dt>
            <Label>Tags</Label>
          </dt>
          <dd className={styles.muted}>The brand&apos;s: outerwear, waxed</dd>
        </dl>
        <Grid
          label="Variants"
          columns={styles.columns}
          header={['Variant', 'Brand price (wholesale)', 'Price override']}>
          {variants.map(({hostVariant, sku, price}, index) => (
            <Row key={hostVariant}>
              <Cell label="Variant">
                <code>
                  <Fact of={`${hostVariant}.sku`}>{sku}</Fact>
                </code>
              </Cell>
              <Cell label="Brand price (wholesale)">
                <Fact of={`${price}.amount`} format="money">
                  £69.50
                </Fact>
              </Cell>
              <Cell label="Price override">
                <span className={styles.input}>
                  <Fact
                    of={`${hostVariant}.price_override.amount`}
                    format="money">
                    £149.00
                  </Fact>
                </span>
                <Control>Use brand value</Control>
                {index === 0 && <Marker n={2} />}
              </Cell>
            </Row>
          ))}
        </Grid>
        <p className={styles.actions}>
          <Marker n={3} />
          <Control primary>Save</Control>
        </p>
      </div>
    </AppFigure>
  );
}
