import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Literal,
  Marker,
  ProductNumber,
  Row,
} from '../AppFigure';
import {mappings, type Mapping} from './mappings';
import styles from './styles.module.css';

/**
 * The Shopify store's Locations tab with Northwind's mapping (the sample data
 * of PRODUCT-DECISIONS.md): where to choose a warehouse for each location
 * that sells brand products, and what the Hub then writes to each one.
 */

const storeTabs = ['Overview', 'Products', 'Locations', 'Settings'];

/** A warehouse as the menu shows it: its name and code, from the world. */
function Warehouse({
  warehouse: {key, name, code},
}: {
  warehouse: NonNullable<Mapping['warehouse']>;
}): ReactNode {
  return (
    <>
      <Fact of={`${key}.name`}>{name}</Fact> (
      <Fact of={`${key}.code`}>{code}</Fact>)
    </>
  );
}

export default function LocationMappingFigure(): ReactNode {
  return (
    <AppFigure
      name="LocationMappingFigure"
      screen={['Stores', 'Northwind Shopify']}
      tabs={storeTabs}
      activeTab="Locations"
      caption={
        <>
          The Locations tab of Northwind Shopify, with a warehouse chosen for
          each Shopify location that sells brand products, and Gift wrapping
          desk left <strong>Not mapped</strong>. Every{' '}
          <ProductNumber name="stock_push_minutes">5 minutes</ProductNumber>,
          and whenever a figure changes, the Hub writes each linked
          variant&apos;s available stock in the warehouse to its location.
        </>
      }
      notes={[
        <>
          <strong>Refresh locations</strong> reads the active locations of the
          store from Shopify again.
        </>,
        <>
          The <strong>Warehouse</strong> menu: choose the warehouse whose stock
          the location shows, or <strong>Not mapped</strong>. It offers your
          active warehouses only.
        </>,
        <>
          <strong>Save mapping</strong>: the next stock push uses the new
          mapping.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span>
          Shopify locations:{' '}
          <Literal why="the locations drawn below">{mappings.length}</Literal>
        </span>
        <span>
          <Marker n={1} />
          <Control>Refresh locations</Control>
        </span>
      </p>
      <Grid
        label="Locations"
        columns={styles.columns}
        header={['Shopify location', 'Warehouse', 'The Hub writes']}>
        {mappings.map(({location, warehouse, writes}, index) => (
          <Row key={location}>
            <Cell label="Shopify location">
              <strong>{location}</strong>
            </Cell>
            <Cell label="Warehouse">
              <Control kind="select">
                {warehouse ? <Warehouse warehouse={warehouse} /> : 'Not mapped'}
              </Control>
              {index === 0 && <Marker n={2} />}
            </Cell>
            <Cell label="The Hub writes">{writes}</Cell>
          </Row>
        ))}
      </Grid>
      <p className={styles.actions}>
        <Marker n={3} />
        <Control primary>Save mapping</Control>
      </p>
    </AppFigure>
  );
}
