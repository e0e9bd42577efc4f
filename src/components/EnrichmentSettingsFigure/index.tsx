import type {ReactNode} from 'react';
import AppFigure, {
  Control,
  Label,
  Marker,
  ProductNumber,
  Tick,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Northwind BigCommerce's Settings tab, Enrichment section, as step 3 of
 * "Stop the Hub writing descriptions" leaves it before Save: Description
 * cleared under Content to write, the other four kinds ticked as a new
 * store has them, no field protected, and the default share of the quota.
 */

const storeTabs = ['Overview', 'Listings', 'Enrichment queue', 'Settings'];
const kinds = [
  'Description',
  'Images',
  'Attributes',
  'SEO title',
  'SEO description',
];

function Ticks({
  title,
  ticked,
  marker,
}: {
  title: string;
  ticked: (kind: string) => boolean;
  marker?: ReactNode;
}): ReactNode {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        <Label>{title}</Label>
        {marker}
      </legend>
      <ul className={styles.ticks}>
        {kinds.map((kind) => (
          <li key={kind}>
            <Tick on={ticked(kind)} />
            <Label>{kind}</Label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export default function EnrichmentSettingsFigure(): ReactNode {
  return (
    <AppFigure
      name="EnrichmentSettingsFigure"
      screen={['Stores', 'Northwind BigCommerce']}
      tabs={storeTabs}
      activeTab="Settings"
      caption={
        <>
          The Enrichment section of the Settings tab of Northwind BigCommerce,
          with <strong>Description</strong> cleared under{' '}
          <strong>Content to write</strong> and not yet saved: the other four
          kinds are still written, no field is protected, and the Hub keeps its
          default share of the quota.
        </>
      }
      notes={[
        <>
          <strong>Content to write</strong>: a cleared kind is written into none
          of the store&apos;s listings, for any brand.
        </>,
        <>
          <strong>Protect retailer edits</strong>: a ticked field is filled
          while it is empty or still the Hub&apos;s text, and left alone once
          your team edits it.
        </>,
        <>
          <strong>Share of the quota</strong>: the part of the platform&apos;s
          request quota the Hub may use.
        </>,
        <>
          Nothing changes until you select <strong>Save</strong>; jobs already{' '}
          <code>queued</code> follow the saved settings.
        </>,
      ]}>
      <p className={styles.section}>
        <Label>Enrichment</Label>
      </p>
      <div className={styles.groups}>
        <Ticks
          title="Content to write"
          ticked={(kind) => kind !== 'Description'}
          marker={<Marker n={1} />}
        />
        <Ticks
          title="Protect retailer edits"
          ticked={() => false}
          marker={<Marker n={2} />}
        />
      </div>
      <p className={styles.share}>
        <Label>Share of the quota</Label>
        <Marker n={3} />
        <Control kind="select">
          <ProductNumber name="enrichment_quota_share_percent">
            80%
          </ProductNumber>
        </Control>
      </p>
      <p className={styles.save}>
        <Control primary>Save</Control>
        <Marker n={4} />
      </p>
    </AppFigure>
  );
}
