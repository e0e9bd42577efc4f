import type {ReactNode} from 'react';
import AppFigure, {Cell, Control, Grid, Marker, Row} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Shopify store's Locations tab with Northwind's mapping (the sample data
 * of PRODUCT-DECISIONS.md): where to choose a warehouse for each location,
 * and what the Hub then writes to each one.
 */

const storeTabs = ['Overview', 'Products', 'Locations', 'Settings'];

interface Mapping {
  location: string;
  warehouse: string;
  writes: string;
}

const mappings: Mapping[] = [
  {
    location: 'Leeds Warehouse',
    warehouse: 'Leeds DC (LDS)',
    writes: 'Available stock in Leeds DC: ALDF-HWJ-OLV-M shows 19',
  },
  {
    location: 'Northwind Shop',
    warehouse: 'Northwind Shop Floor (NWSF)',
    writes: 'Available stock in Northwind Shop Floor',
  },
  {
    location: 'Gift wrapping desk',
    warehouse: 'Not mapped',
    writes: 'Nothing: Shopify keeps its own figure',
  },
];

export default function LocationMappingFigure(): ReactNode {
  return (
    <AppFigure
      screen={['Stores', 'Northwind Shopify']}
      tabs={storeTabs}
      activeTab="Locations"
      caption="The Locations tab of Northwind Shopify, with one warehouse chosen for each Shopify location. Every 5 minutes, and whenever a figure changes, the Hub writes the warehouse's available stock to its location."
      notes={[
        <>
          <strong>Refresh locations</strong> reads the active locations of the
          store from Shopify again.
        </>,
        <>
          The <strong>Warehouse</strong> menu: choose the warehouse whose stock
          the location shows, or <strong>Not mapped</strong>.
        </>,
        <>
          <strong>Save mapping</strong>: the next stock push uses the new
          mapping.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span>Shopify locations: 3</span>
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
              <Control kind="select">{warehouse}</Control>
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
