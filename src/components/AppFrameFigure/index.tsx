import type {ReactNode} from 'react';
import AppFigure, {
  Control,
  Fact,
  Label,
  Literal,
  Marker,
  Status,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The frame around every screen of the app, on the Dashboard, as Priya Shah
 * of Northwind Outfitters sees it at the end of the sample day: the left
 * navigation with the company switcher, the top bar with the global search
 * and the notifications tray (the morning's batch stock result), and the
 * Dashboard's cards: the order to dispatch, the one stock line with nothing
 * available (size L at the shop floor, since order 10479 allocated its unit
 * there on 3 May; its dispatch left it at 0) and the Shopify stores'
 * connection and last sync: Northwind Shopify is
 * Northwind's only Shopify store (its BigCommerce, Visualsoft and manual
 * stores are not on this card; a store that disconnects or fails reaches
 * the notifications tray whatever its platform).
 */

const navigation = [
  'Dashboard',
  'Catalogue',
  'Stock',
  'Orders',
  'Sales',
  'Stores',
  'Files',
  'Changes',
  'Settings',
];

/** The notifications drawn in the open tray, all unread. */
const notifications: ReactNode[] = [
  <>
    <strong>Batch stock result</strong>:{' '}
    <Fact of="bat_4Rt7Ym2">bat_4Rt7Ym2</Fact>{' '}
    <Status tone="warning">
      <Fact of="bat_4Rt7Ym2.status">completed_with_errors</Fact>
    </Status>
    , <Fact of="bat_4Rt7Ym2.error_count">1</Fact> error, at{' '}
    <Fact of="bat_4Rt7Ym2.completed_at" format="time" zone="Europe/London">
      08:00
    </Fact>
  </>,
];

export default function AppFrameFigure(): ReactNode {
  return (
    <AppFigure
      name="AppFrameFigure"
      screen={['Dashboard']}
      caption={
        <>
          The app&apos;s frame around the Dashboard of Northwind Outfitters,
          with the notifications tray open on the morning&apos;s batch stock
          result.
        </>
      }
      notes={[
        <>
          The company switcher: the company you are working in. Select it to
          choose another of your companies.
        </>,
        <>
          The left navigation: <strong>Dashboard</strong>,{' '}
          <strong>Catalogue</strong>, <strong>Stock</strong>,{' '}
          <strong>Orders</strong> and the other areas.
        </>,
        <>
          The global search finds the products, orders and customers the current
          company can see: its own, and those it shares with the companies it
          trades with, such as the catalogues of the brands it sells.
        </>,
        <>
          The bell counts unread notifications and opens the tray;{' '}
          <strong>Mark all as read</strong> clears the count.
        </>,
      ]}>
      <div className={styles.frame}>
        <nav className={styles.nav} aria-label="Left navigation">
          <p className={styles.company}>
            <Control kind="select">
              <Fact of="com_8HhT2kQ.name">Northwind Outfitters</Fact>
            </Control>
            <Marker n={1} />
          </p>
          <ul className={styles.navList}>
            {navigation.map((item) => (
              <li
                key={item}
                className={item === 'Dashboard' ? styles.current : undefined}>
                <Label>{item}</Label>
                {item === 'Dashboard' && <Marker n={2} />}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.main}>
          <p className={styles.topBar}>
            <span className={styles.search}>
              Search products, orders and customers
            </span>
            <Marker n={3} />
            <span className={styles.unread}>
              <Literal why="the unread notifications drawn in the tray">
                {notifications.length}
              </Literal>{' '}
              unread
            </span>
            <Marker n={4} />
            <span>
              <Fact of="usr_2Bv8Nx4.name">Priya Shah</Fact>
            </span>
          </p>
          <div className={styles.tray}>
            <p className={styles.trayTitle}>
              Notifications
              <Control>Mark all as read</Control>
            </p>
            {notifications.map((notification, index) => (
              <p key={index} className={styles.notification}>
                {notification}
              </p>
            ))}
          </div>
          <p className={styles.heading}>
            <Label>Dashboard</Label>
          </p>
          <ul className={styles.cards}>
            <li>
              <span className={styles.cardTitle}>Orders to accept</span>
              None
            </li>
            <li>
              <span className={styles.cardTitle}>Orders to dispatch</span>
              <span>
                <Fact of="ord_7Hd2Kx5.number">10481</Fact>{' '}
                <Status tone="neutral">
                  <Fact of="ord_7Hd2Kx5.status">accepted</Fact>
                </Status>
              </span>
            </li>
            <li>
              <span className={styles.cardTitle}>Low stock</span>
              <span>
                <code>
                  <Fact of="var_3Tn8Wq2.sku">ALDF-HWJ-OLV-L</Fact>
                </code>{' '}
                at <Fact of="wh_6Jp2Mc8.name">Northwind Shop Floor</Fact>:{' '}
                <Fact of="var_3Tn8Wq2:wh_6Jp2Mc8.available">0</Fact> available
              </span>
            </li>
            <li>
              <span className={styles.cardTitle}>Shopify stores</span>
              <span>
                <Fact of="str_7Qm3Xa9.name">Northwind Shopify</Fact>{' '}
                <Status tone="success">
                  <Fact of="str_7Qm3Xa9.status">connected</Fact>
                </Status>
              </span>
              <span>
                Last sync{' '}
                <Fact
                  of="hpr_7Se2Vn4.last_synced_at"
                  format="time"
                  zone="Europe/London">
                  16:55
                </Fact>
              </span>
            </li>
          </ul>
        </div>
      </div>
    </AppFigure>
  );
}
