import type {ReactNode} from 'react';
import AppFigure, {
  Control,
  Fact,
  Label,
  Literal,
  Marker,
  Status,
  Tick,
} from '../AppFigure';
// The store screens share the connect form's layout of labelled fields.
import form from '../ConnectStoreFigure/styles.module.css';
import {mappings} from '../LocationMappingFigure/mappings';
import styles from './styles.module.css';

/**
 * The Shopify store's Overview tab once the store is connected, its
 * locations mapped and its brand store active, before the first sync (the
 * moment the connect guide's "Run the first sync" starts from).
 */

const storeTabs = ['Overview', 'Products', 'Locations', 'Settings'];

function Item({
  label,
  marker,
  children,
}: {
  label: string;
  marker?: number;
  children: ReactNode;
}): ReactNode {
  return (
    <div className={form.field}>
      <dt>
        <Label>{label}</Label>
        {marker !== undefined && <Marker n={marker} />}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function StoreOverviewFigure(): ReactNode {
  return (
    <AppFigure
      name="StoreOverviewFigure"
      screen={['Stores', 'Northwind Shopify']}
      tabs={storeTabs}
      activeTab="Overview"
      caption="The Overview tab of Northwind Shopify once the store is connected, its locations mapped and the Alder & Finch brand store active: the first sync has not started."
      notes={[
        <>
          The store&apos;s state and since when. A <code>disconnected</code> or{' '}
          <code>error</code> store shows the reason here, with{' '}
          <strong>Reconnect</strong>.
        </>,
        <>
          The currency is read from Shopify when the store connects; the{' '}
          <strong>Default warehouse</strong> takes orders from locations you do
          not map, except a <code>dropship</code> brand&apos;s, which go to the
          brand&apos;s warehouse.
        </>,
        <>
          The first sync matches products only for brands with an{' '}
          <Literal why="the state a brand store needs, not this one's">
            <code>active</code>
          </Literal>{' '}
          brand store.
        </>,
        <>
          With <strong>Keep Shopify content</strong> ticked,{' '}
          <strong>Start first sync</strong> downloads and matches your Shopify
          products, pushes stock to the mapped locations and starts pulling paid
          orders. This tab then shows its progress.
        </>,
        <>
          <strong>Disconnect</strong> stops all syncing; your products stay in
          Shopify.
        </>,
      ]}>
      <p className={styles.state}>
        <Marker n={1} />
        <Status tone="success">
          <Fact of="str_7Qm3Xa9.status">connected</Fact>
        </Status>
        <span>
          since{' '}
          <Fact
            of="str_7Qm3Xa9.connected_at"
            format="date"
            zone="Europe/London">
            12 April 2023
          </Fact>
        </span>
      </p>
      <dl className={form.form}>
        <Item label="Platform">Shopify</Item>
        <Item label="Domain">
          <code>
            <Fact of="str_7Qm3Xa9.domain">
              northwind-outfitters.myshopify.com
            </Fact>
          </code>
        </Item>
        <Item label="Currency" marker={2}>
          <Fact of="str_7Qm3Xa9.currency">GBP</Fact>
        </Item>
        <Item label="Default warehouse">
          <Fact of="str_7Qm3Xa9.warehouse_id.name">Leeds DC</Fact>
        </Item>
        <Item label="Locations">
          <Literal why="the Shopify locations drawn on the Locations tab with a warehouse mapped">
            {mappings.filter((mapping) => mapping.warehouse).length}
          </Literal>{' '}
          of{' '}
          <Literal why="the Shopify locations drawn on the Locations tab">
            {mappings.length}
          </Literal>{' '}
          mapped
        </Item>
        <Item label="Brand stores" marker={3}>
          <span>
            <Fact of="brd_4Fz9Lm2.name">Alder &amp; Finch</Fact>{' '}
            <Status tone="success">
              <Fact of="bst_6Nq2Rs8.status">active</Fact>
            </Status>
          </span>
        </Item>
      </dl>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          <Label>First sync</Label>: not started
        </p>
        <p className={styles.panelBody}>
          <span>
            <Tick on />
            <Label>Keep Shopify content</Label>
          </span>
          <span className={form.submit}>
            <Marker n={4} />
            <Control primary>Start first sync</Control>
          </span>
        </p>
      </div>
      <p className={form.actions}>
        <Marker n={5} />
        <Control>Disconnect</Control>
      </p>
    </AppFigure>
  );
}
