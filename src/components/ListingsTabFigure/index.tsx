import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Literal,
  Marker,
  Row,
  Status,
  Tick,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Listings tab of Northwind BigCommerce with the three listings of the
 * BigCommerce guide's matching example: one matches the Harbour Waxed
 * Jacket, an old copy matches it too (so both show More than one match: the
 * Hub has no first listing, and the job names both), and a gift card
 * matches no brand product. The listings are BigCommerce's, not the Hub's world; the brand
 * product and its SKUs are the world's.
 */

const storeTabs = ['Overview', 'Listings', 'Enrichment queue', 'Settings'];
const header = ['Listing', 'SKUs on the listing', 'Brand product', 'Match'];

const jacket = <Fact of="prd_9Kx2Vb7.title">Harbour Waxed Jacket</Fact>;

function Sku({variant, children}: {variant: string; children: string}) {
  return (
    <code>
      <Fact of={`${variant}.sku`}>{children}</Fact>
    </code>
  );
}

/** The listings drawn, in the tab's order; the counts above them are theirs. */
const listings: {
  name: string;
  ticked: boolean;
  /** The SKUs on the listing. */
  codes: ReactNode;
  /** The brand product it matches, if it carries a brand SKU. */
  product?: ReactNode;
  match: ReactNode;
}[] = [
  {
    name: 'Harbour Jacket – Olive',
    ticked: true,
    codes: (
      <>
        <Sku variant="var_3Tn8Wq1">ALDF-HWJ-OLV-M</Sku>
        <Sku variant="var_3Tn8Wq2">ALDF-HWJ-OLV-L</Sku>
      </>
    ),
    product: jacket,
    match: (
      <>
        <Status tone="danger">More than one match</Status>
        <Control>Enrich now</Control>
        <Marker n={3} />
      </>
    ),
  },
  {
    name: 'Harbour Waxed Jacket (old listing)',
    ticked: false,
    codes: <code>aldf-hwj-olv-m</code>,
    product: jacket,
    match: (
      <>
        <Status tone="danger">More than one match</Status>
        <Marker n={4} />
      </>
    ),
  },
  {
    name: 'Northwind Gift Card',
    ticked: false,
    codes: (
      <code>
        NW-GIFT-
        <Literal why="a BigCommerce SKU of the retailer's own gift card, not in the Hub's world">
          25
        </Literal>
      </code>
    ),
    match: 'Left alone',
  },
];

export default function ListingsTabFigure(): ReactNode {
  return (
    <AppFigure
      name="ListingsTabFigure"
      screen={['Stores', 'Northwind BigCommerce']}
      tabs={storeTabs}
      activeTab="Listings"
      caption="The Listings tab of Northwind BigCommerce: one listing matches the Harbour Waxed Jacket by SKU and is ticked, an old copy of it matches too, so both show More than one match, and a gift card matches no brand product."
      notes={[
        <>
          How many of the platform&apos;s listings match brand products, and{' '}
          <strong>Enrich all</strong>, which queues one job for each matched
          product.
        </>,
        <>
          Tick listings, then <strong>Enrich</strong> to queue a job for each,
          or <strong>Lock</strong> to keep them exactly as they are;{' '}
          <strong>Unlock</strong> lets the Hub write again.
        </>,
        <>
          <strong>Enrich now</strong> runs one product&apos;s job next, ahead of
          the queue.
        </>,
        <>
          Two listings carry the same brand SKU (letter case aside), so both
          show <strong>More than one match</strong> and the product&apos;s job
          fails, naming both, until you delete or correct the old copy in
          BigCommerce.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span>
          <Marker n={1} />
          <Literal why="the listings drawn below that carry a brand SKU">
            {listings.filter((listing) => listing.product).length}
          </Literal>{' '}
          of <Literal why="the listings drawn below">{listings.length}</Literal>{' '}
          listings match brand products
        </span>
        <Control primary>Enrich all</Control>
      </p>
      <p className={styles.toolbar}>
        <span>
          <Marker n={2} />
          <Literal why="the listings ticked below">
            {listings.filter((listing) => listing.ticked).length}
          </Literal>{' '}
          selected
        </span>
        <span className={styles.buttons}>
          <Control>Enrich</Control>
          <Control>Lock</Control>
          <Control>Unlock</Control>
        </span>
      </p>
      <Grid label="Listings" columns={styles.columns} header={header}>
        {listings.map(({name, ticked, codes, product, match}) => (
          <Row key={name} highlight={ticked}>
            <Cell label="Listing">
              <strong>
                <Tick on={ticked} />
                {name}
              </strong>
            </Cell>
            <Cell label="SKUs on the listing">{codes}</Cell>
            <Cell label="Brand product">{product ?? 'None'}</Cell>
            <Cell label="Match">{match}</Cell>
          </Row>
        ))}
      </Grid>
    </AppFigure>
  );
}
