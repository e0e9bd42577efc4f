import type {ReactNode} from 'react';
import {Fact} from '../AppFigure';

/**
 * Northwind Shopify's Shopify locations and the warehouse mapped to each
 * (the sample data of PRODUCT-DECISIONS.md), as the Locations tab draws them
 * (LocationMappingFigure) and the store's Overview counts them
 * (StoreOverviewFigure). The locations are Shopify's, not the sample
 * world's; the warehouses and their figures are the world's.
 */

export interface Mapping {
  location: string;
  /** The warehouse chosen: its key in the sample world, or none. */
  warehouse?: {key: string; name: string; code: string};
  writes: ReactNode;
}

const leeds = {key: 'wh_1Rk5Ds3', name: 'Leeds DC', code: 'LDS'};
const shopFloor = {
  key: 'wh_6Jp2Mc8',
  name: 'Northwind Shop Floor',
  code: 'NWSF',
};

export const mappings: Mapping[] = [
  {
    location: 'Leeds Warehouse',
    warehouse: leeds,
    writes: (
      <>
        Available stock in <Fact of="wh_1Rk5Ds3.name">Leeds DC</Fact>:
        ALDF-HWJ-OLV-M shows{' '}
        <Fact of="var_3Tn8Wq1:wh_1Rk5Ds3.available">19</Fact>
      </>
    ),
  },
  {
    location: 'Northwind Shop',
    warehouse: shopFloor,
    writes: (
      <>
        Available stock in{' '}
        <Fact of="wh_6Jp2Mc8.name">Northwind Shop Floor</Fact>
      </>
    ),
  },
  {
    location: 'Gift wrapping desk',
    writes: 'Nothing: Shopify keeps its own figure',
  },
];
