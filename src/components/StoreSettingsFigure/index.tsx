import type {ReactNode} from 'react';
import AppFigure, {
  Control,
  Fact,
  Label,
  Literal,
  Marker,
  Tick,
} from '../AppFigure';
// The store screens share the connect form's layout of labelled fields.
import form from '../ConnectStoreFigure/styles.module.css';
import styles from './styles.module.css';

/**
 * The Shopify store's Settings tab: what an owner or admin can change on a
 * connected store, and Delete store, which waits until the store is
 * disconnected.
 */

const storeTabs = ['Overview', 'Products', 'Locations', 'Settings'];

export default function StoreSettingsFigure(): ReactNode {
  return (
    <AppFigure
      name="StoreSettingsFigure"
      screen={['Stores', 'Northwind Shopify']}
      tabs={storeTabs}
      activeTab="Settings"
      caption="The Settings tab of Northwind Shopify while it is connected: its name, its default warehouse and fulfilment emails can be changed, and Delete store is not available yet."
      notes={[
        <>
          A new <strong>Default warehouse</strong> applies to orders that arrive
          after you select <strong>Save</strong>.
        </>,
        <>
          With <strong>Notify customers of fulfilments</strong> ticked, Shopify
          emails the customer when a dispatch reaches it as a fulfilment.
        </>,
        <>
          <strong>Delete store</strong> works only on a{' '}
          <Literal why="the states in which any store can be deleted">
            <code>disconnected</code> or <code>connecting</code>
          </Literal>{' '}
          store: select <strong>Disconnect</strong> on the{' '}
          <strong>Overview</strong> tab first.
        </>,
      ]}>
      <dl className={form.form}>
        <div className={form.field}>
          <dt>
            <Label>Name</Label>
          </dt>
          <dd>
            <span className={form.input}>
              <Fact of="str_7Qm3Xa9.name">Northwind Shopify</Fact>
            </span>
          </dd>
        </div>
        <div className={form.field}>
          <dt>
            <Label>Default warehouse</Label>
            <Marker n={1} />
          </dt>
          <dd>
            <Control kind="select">
              <Fact of="str_7Qm3Xa9.warehouse_id.name">Leeds DC</Fact> (
              <Fact of="str_7Qm3Xa9.warehouse_id.code">LDS</Fact>)
            </Control>
          </dd>
        </div>
      </dl>
      <p className={styles.check}>
        <Tick on />
        <Label>Notify customers of fulfilments</Label>
        <Marker n={2} />
      </p>
      <p className={form.actions}>
        <Control primary>Save</Control>
      </p>
      <p className={styles.danger}>
        <span className={form.submit}>
          <Marker n={3} />
          <span className={styles.unavailable}>
            <Control>Delete store</Control>
          </span>
        </span>
        <span>
          Only a{' '}
          <Literal why="the states in which any store can be deleted">
            <code>disconnected</code> or <code>connecting</code>
          </Literal>{' '}
          store can be deleted.
        </span>
      </p>
    </AppFigure>
  );
}
