import type {ReactNode} from 'react';
import AppFigure, {Control, Label, Marker, Tick, Unseen} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Unpublish from store dialogue, opened from Catalogue → Products with the
 * Harbour Waxed Jacket ticked: the store, and what becomes of the listing in
 * Shopify, with the default chosen.
 */

const choices: {label: string; what: string}[] = [
  {
    label: 'Archive in Shopify',
    what: 'Hidden from customers; kept in Shopify with its order history.',
  },
  {
    label: 'Delete from Shopify',
    what: 'Removed from Shopify.',
  },
  {
    label: 'Leave in Shopify',
    what: 'Stays on sale with its last stock figure; the Hub no longer updates it.',
  },
];

export default function UnpublishFigure(): ReactNode {
  return (
    <AppFigure
      name="UnpublishFigure"
      screen={['Catalogue', 'Products']}
      caption={
        <>
          The <strong>Unpublish from store</strong> dialogue for the ticked
          Harbour Waxed Jacket, with Northwind Shopify chosen and the default,{' '}
          <strong>Archive in Shopify</strong>, selected.
        </>
      }
      notes={[
        <>The store to take the product off.</>,
        <>
          What becomes of the Shopify product. Whichever you choose, the host
          product and its host variants become <code>unlinked</code>.
        </>,
        <>
          <strong>Unpublish</strong> applies it; <strong>Cancel</strong> closes
          the dialogue and changes nothing.
        </>,
      ]}>
      <p className={styles.selection}>
        <Tick on />
        <strong>Harbour Waxed Jacket</strong>
      </p>
      <div
        className={styles.dialog}
        role="group"
        aria-label="Unpublish from store">
        <p className={styles.title}>
          <Label>Unpublish from store</Label>
        </p>
        <p className={styles.field}>
          <strong>
            <Label>Store</Label>
          </strong>
          <Control kind="select">Northwind Shopify</Control>
          <Marker n={1} />
        </p>
        <ul className={styles.choices} aria-label="In Shopify">
          {choices.map(({label, what}, index) => (
            <li key={label} className={index === 0 ? styles.chosen : undefined}>
              <span className={styles.radio} aria-hidden="true">
                {index === 0 ? '◉' : '○'}
              </span>
              <span>
                <strong>
                  <Label>{label}</Label>
                </strong>
                {index === 0 && <Unseen> (selected)</Unseen>}
                <span className={styles.what}>{what}</span>
              </span>
              {index === 0 && <Marker n={2} />}
            </li>
          ))}
        </ul>
        <p className={styles.actions}>
          <Marker n={3} />
          <Control>Cancel</Control>
          <Control primary>Unpublish</Control>
        </p>
      </div>
    </AppFigure>
  );
}
