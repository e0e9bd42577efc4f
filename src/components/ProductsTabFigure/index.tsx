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
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Shopify store's Products tab after Northwind's first download (the
 * example on the download page): one variant linked by barcode, one
 * unmatched, and two that conflict because they share a SKU.
 */

const storeTabs = ['Overview', 'Products', 'Locations', 'Settings'];
const header = [
  'Shopify product and variant',
  'Shopify SKU',
  'Barcode',
  'Result',
];

interface Variant {
  name: ReactNode;
  /** Shopify's SKU on the variant, if it has one. */
  sku?: ReactNode;
  /** The brand variant whose barcode the Shopify variant carries, and it. */
  barcode?: {variant: string; value: string};
}

function VariantCells({name, sku, barcode}: Variant): ReactNode {
  return (
    <>
      <Cell label="Shopify product and variant">
        <strong>{name}</strong>
      </Cell>
      <Cell label="Shopify SKU">{sku ? <code>{sku}</code> : 'none'}</Cell>
      <Cell label="Barcode">
        {barcode ? (
          <code>
            <Fact of={`${barcode.variant}.barcode`}>{barcode.value}</Fact>
          </code>
        ) : (
          'none'
        )}
      </Cell>
    </>
  );
}

/** A list's title with the number of rows drawn under it. */
function Count({rows}: {rows: readonly unknown[]}): ReactNode {
  return (
    <>
      (<Literal why="the rows drawn in the list below">{rows.length}</Literal>)
    </>
  );
}

function ListTitle({
  children,
  marker,
}: {
  children: ReactNode;
  marker: number;
}): ReactNode {
  return (
    <p className={styles.listTitle}>
      {children}
      <Marker n={marker} />
    </p>
  );
}

const sizeM = {variant: 'var_3Tn8Wq1', value: '5056789012340'};
const sizeL = {variant: 'var_3Tn8Wq2', value: '5056789012357'};
/** Size L's host variant, linked by barcode in the download. */
const sizeLListing = 'hvr_1Uc9Bk7';
const downloaded = '2023-05-02T14:11:50Z';
/** The brand SKU that both size M variants in Shopify carry. */
const sizeMSku = <Fact of={`${sizeM.variant}.sku`}>ALDF-HWJ-OLV-M</Fact>;
const sizeLSku = <Fact of={`${sizeL.variant}.sku`}>ALDF-HWJ-OLV-L</Fact>;

const linked: Variant[] = [
  {name: 'Harbour Waxed Jacket, Olive / L', sku: 'HWJ-OLIVE-L', barcode: sizeL},
];
const unmatched: Variant[] = [
  {
    name: (
      <>
        Gift card,{' '}
        <Literal why="a Shopify product that is not the brand's, so not in the sample world">
          £25
        </Literal>
      </>
    ),
  },
];
const conflicting: Variant[] = [
  {
    name: 'Harbour Waxed Jacket, Olive / M',
    sku: sizeMSku,
    barcode: sizeM,
  },
  {
    name: 'Harbour Jacket (old), Olive / M',
    sku: sizeMSku,
    barcode: sizeM,
  },
];

export default function ProductsTabFigure(): ReactNode {
  return (
    <AppFigure
      name="ProductsTabFigure"
      screen={['Stores', 'Northwind Shopify']}
      tabs={storeTabs}
      activeTab="Products"
      caption="The Products tab of Northwind Shopify after the first download: each Shopify variant sits in one of three lists, Linked, Unmatched or Conflicts."
      notes={[
        <>
          <strong>Download from Shopify</strong> reads every Shopify product
          again and refreshes the lists; links you already have stay.
        </>,
        <>
          <strong>Linked</strong>: the size L variant matched brand variant{' '}
          {sizeLSku} by barcode. At once, the Hub starts writing its available
          stock at the store&apos;s mapped locations.
        </>,
        <>
          <strong>Unmatched</strong>: the gift card is no brand product. Select{' '}
          <strong>Match to variant</strong> to link a variant by hand, or{' '}
          <strong>Ignore</strong> to leave it out of later downloads.
        </>,
        <>
          <strong>Conflicts</strong>: two Shopify variants share the SKU{' '}
          {sizeMSku}, so neither is linked by itself. Select{' '}
          <strong>Match to variant</strong> on the right one, or delete or
          correct the other in Shopify and download again.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <Marker n={1} />
        <Control primary>Download from Shopify</Control>
      </p>

      <ListTitle marker={2}>
        Linked <Count rows={linked} />
      </ListTitle>
      <Grid label="Linked" columns={styles.columns} header={header}>
        {linked.map((variant, index) => (
          <Row key={index}>
            <VariantCells {...variant} />
            <Cell label="Result">
              <Status tone="success">
                <Fact of={`${sizeLListing}.status`} at={downloaded}>
                  linked
                </Fact>
              </Status>{' '}
              to {sizeLSku} by barcode
            </Cell>
          </Row>
        ))}
      </Grid>

      <ListTitle marker={3}>
        Unmatched <Count rows={unmatched} />
      </ListTitle>
      <Grid label="Unmatched" columns={styles.columns} header={header}>
        {unmatched.map((variant, index) => (
          <Row key={index} highlight>
            <VariantCells {...variant} />
            <Cell label="Result">
              <Control>Match to variant</Control>
              <Control>Ignore</Control>
            </Cell>
          </Row>
        ))}
      </Grid>

      <ListTitle marker={4}>
        Conflicts <Count rows={conflicting} />
      </ListTitle>
      <Grid label="Conflicts" columns={styles.columns} header={header}>
        {conflicting.map((variant, index) => (
          <Row key={index}>
            <VariantCells {...variant} />
            <Cell label="Result">
              Not linked: another variant has the same SKU
              <Control>Match to variant</Control>
            </Cell>
          </Row>
        ))}
      </Grid>
    </AppFigure>
  );
}
