import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Grid,
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
  name: string;
  sku: string;
  barcode: string;
}

function VariantCells({name, sku, barcode}: Variant): ReactNode {
  return (
    <>
      <Cell label="Shopify product and variant">
        <strong>{name}</strong>
      </Cell>
      <Cell label="Shopify SKU">{sku ? <code>{sku}</code> : 'none'}</Cell>
      <Cell label="Barcode">{barcode ? <code>{barcode}</code> : 'none'}</Cell>
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

const conflicting: Variant[] = [
  {
    name: 'Harbour Waxed Jacket, Olive / M',
    sku: 'ALDF-HWJ-OLV-M',
    barcode: '5056789012340',
  },
  {
    name: 'Harbour Jacket (old), Olive / M',
    sku: 'ALDF-HWJ-OLV-M',
    barcode: '5056789012340',
  },
];

export default function ProductsTabFigure(): ReactNode {
  return (
    <AppFigure
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
          <strong>Linked</strong>: the size L variant matched brand variant
          ALDF-HWJ-OLV-L by barcode. It receives available stock at once.
        </>,
        <>
          <strong>Unmatched</strong>: the gift card is no brand product. Select{' '}
          <strong>Match to variant</strong> to link a variant by hand, or{' '}
          <strong>Ignore</strong> to leave it out of later downloads.
        </>,
        <>
          <strong>Conflicts</strong>: two Shopify variants share the SKU
          ALDF-HWJ-OLV-M, so neither is linked until one is deleted or corrected
          in Shopify.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <Marker n={1} />
        <Control primary>Download from Shopify</Control>
      </p>

      <ListTitle marker={2}>Linked (1)</ListTitle>
      <Grid label="Linked" columns={styles.columns} header={header}>
        <Row>
          <VariantCells
            name="Harbour Waxed Jacket, Olive / L"
            sku="HWJ-OLIVE-L"
            barcode="5056789012357"
          />
          <Cell label="Result">
            <Status tone="success">linked</Status> to ALDF-HWJ-OLV-L by barcode
          </Cell>
        </Row>
      </Grid>

      <ListTitle marker={3}>Unmatched (1)</ListTitle>
      <Grid label="Unmatched" columns={styles.columns} header={header}>
        <Row highlight>
          <VariantCells name="Gift card, £25" sku="" barcode="" />
          <Cell label="Result">
            <Control>Match to variant</Control>
            <Control>Ignore</Control>
          </Cell>
        </Row>
      </Grid>

      <ListTitle marker={4}>Conflicts (2)</ListTitle>
      <Grid label="Conflicts" columns={styles.columns} header={header}>
        {conflicting.map((variant) => (
          <Row key={variant.name}>
            <VariantCells {...variant} />
            <Cell label="Result">
              Not linked: another variant has the same SKU
            </Cell>
          </Row>
        ))}
      </Grid>
    </AppFigure>
  );
}
