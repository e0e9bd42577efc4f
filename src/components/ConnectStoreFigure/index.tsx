import type {ReactNode} from 'react';
import clsx from 'clsx';
import AppFigure, {
  Control,
  Fact,
  Label,
  Literal,
  Marker,
  Unseen,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Stores → Connect store, as each platform's guide walks through it: the
 * platform chosen, then that platform's form, filled in with Northwind's
 * store (the sample world). No shop's form asks for a currency: the Hub
 * reads it from the shop when the store connects. The fourth choice,
 * Manual, adds a `manual` store (a channel with no shop, such as a till),
 * whose form asks for its currency instead of a domain; no guide draws it.
 */

type Platform = 'shopify' | 'bigcommerce' | 'visualsoft';

const platforms: {key: Platform | 'manual'; label: string}[] = [
  {key: 'shopify', label: 'Shopify'},
  {key: 'bigcommerce', label: 'BigCommerce'},
  {key: 'visualsoft', label: 'Visualsoft'},
  {key: 'manual', label: 'Manual'},
];

/** Each platform's store in the sample world. */
const stores: Record<Platform, string> = {
  shopify: 'str_7Qm3Xa9',
  bigcommerce: 'str_2Wd6Pk4',
  visualsoft: 'str_9Lx4Tn2',
};

/** A text field of the form: its label, then what is typed in it. */
function Field({
  label,
  marker,
  children,
}: {
  label: string;
  marker?: number;
  children: ReactNode;
}): ReactNode {
  return (
    <div className={styles.field}>
      <dt>
        <Label>{label}</Label>
        {marker !== undefined && <Marker n={marker} />}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A value typed into a drawn text box. */
function Typed({children}: {children: ReactNode}): ReactNode {
  return <span className={styles.input}>{children}</span>;
}

/** A secret pasted into a drawn text box: shown masked, as the app does. */
function Masked(): ReactNode {
  return (
    <span className={styles.input}>
      <span aria-hidden="true">••••••••••••••••</span>
      <Unseen>(hidden)</Unseen>
    </span>
  );
}

const captions: Record<Platform, string> = {
  shopify:
    'Connect store with Shopify chosen: the form for Northwind Shopify, filled in with its name, its .myshopify.com domain and its default warehouse, ready for Continue to Shopify.',
  bigcommerce:
    'Connect store with BigCommerce chosen: the form for Northwind BigCommerce, filled in with its name, domain, default warehouse, store hash, access token and plan, ready to connect.',
  visualsoft:
    'Connect store with Visualsoft chosen: the form for Northwind Visualsoft, filled in with its name, domain, default warehouse and the API user’s username and key, ready to connect.',
};

const platformNotes: Record<Platform, ReactNode[]> = {
  shopify: [
    <>
      Enter the shop&apos;s <code>.myshopify.com</code> domain, not your own web
      address.
    </>,
    <>
      <strong>Continue to Shopify</strong> adds the store as{' '}
      <code>
        <Fact of={`${stores.shopify}.status`} at="2023-04-12T10:02:15Z">
          connecting
        </Fact>
      </code>{' '}
      and opens Shopify, where you approve the app.
    </>,
  ],
  bigcommerce: [
    <>
      Paste the store hash and the access token of the store-level API account
      you created in BigCommerce.
    </>,
    <>
      <strong>BigCommerce plan</strong> sets the rate limit the Hub respects;{' '}
      <strong>Connect</strong> checks the credentials, and the store is{' '}
      <code>connecting</code> until they pass.
    </>,
  ],
  visualsoft: [
    <>
      Enter the API user&apos;s username and paste its API key.{' '}
      <strong>Connection details</strong> lists the addresses to allow if your
      Visualsoft account accepts API calls only from listed IP addresses.
    </>,
    <>
      <strong>Connect</strong> checks the credentials; the store is{' '}
      <code>connecting</code> until they pass.
    </>,
  ],
};

export default function ConnectStoreFigure({
  platform,
}: {
  platform: Platform;
}): ReactNode {
  const store = stores[platform];
  const chosen = platforms.find(({key}) => key === platform)!.label;
  return (
    <AppFigure
      name="ConnectStoreFigure"
      screen={['Stores', 'Connect store']}
      caption={captions[platform]}
      notes={[
        <>
          Choose the platform: <strong>Shopify</strong>,{' '}
          <strong>BigCommerce</strong> or <strong>Visualsoft</strong>, or{' '}
          <strong>Manual</strong> for a channel with no shop, such as a till.
          The form below is the chosen platform&apos;s.
        </>,
        <>
          Every shop&apos;s form asks for the store&apos;s name, its domain and
          its <strong>Default warehouse</strong>, which takes a Shopify
          store&apos;s orders that no mapped location claims, unless a{' '}
          <code>dropship</code> brand store sends them to the brand&apos;s
          warehouse (BigCommerce and Visualsoft stores send the Hub no orders).
          It asks for no currency: the Hub reads it from the shop when the store
          connects. <strong>Manual</strong> asks for a name, a{' '}
          <strong>Currency</strong>, the company&apos;s default currency to
          start with, and a <strong>Default warehouse</strong>, and no domain.
        </>,
        ...platformNotes[platform],
      ]}>
      <p className={styles.step}>
        <Marker n={1} />
        <span className={styles.choiceTitle}>Platform</span>
      </p>
      <ul className={styles.platforms} aria-label="Platform">
        {platforms.map(({key, label}) => (
          <li
            key={key}
            className={clsx(
              styles.platform,
              key === platform && styles.chosen,
            )}>
            <span className={styles.radio} aria-hidden="true" />
            <Label>{label}</Label>
            {key === platform && <Unseen> (chosen)</Unseen>}
          </li>
        ))}
      </ul>
      <dl className={styles.form} aria-label={`${chosen} store`}>
        <Field label="Name" marker={2}>
          <Typed>
            <Fact of={`${store}.name`}>
              {
                {
                  shopify: 'Northwind Shopify',
                  bigcommerce: 'Northwind BigCommerce',
                  visualsoft: 'Northwind Visualsoft',
                }[platform]
              }
            </Fact>
          </Typed>
        </Field>
        <Field label="Domain" marker={platform === 'shopify' ? 3 : undefined}>
          <Typed>
            <Fact of={`${store}.domain`}>
              {
                {
                  shopify: 'northwind-outfitters.myshopify.com',
                  bigcommerce: 'shop.northwind.example.com',
                  visualsoft: 'outlet.northwind.example.com',
                }[platform]
              }
            </Fact>
          </Typed>
        </Field>
        <Field label="Default warehouse">
          <Control kind="select">
            <Fact of="wh_1Rk5Ds3.name">Leeds DC</Fact> (
            <Fact of="wh_1Rk5Ds3.code">LDS</Fact>)
          </Control>
        </Field>
        {platform === 'bigcommerce' && (
          <>
            <Field label="Store hash" marker={3}>
              <Typed>
                <Literal why="BigCommerce's example store hash in the guide: a BigCommerce value the Hub's world does not hold">
                  n7w3k9x2qp
                </Literal>
              </Typed>
            </Field>
            <Field label="Access token">
              <Masked />
            </Field>
            <Field label="BigCommerce plan" marker={4}>
              <Control kind="select">Standard</Control>
            </Field>
          </>
        )}
        {platform === 'visualsoft' && (
          <>
            <Field label="Username" marker={3}>
              <Typed>integration-hub</Typed>
            </Field>
            <Field label="API key">
              <Masked />
            </Field>
          </>
        )}
      </dl>
      <p className={styles.actions}>
        {platform === 'visualsoft' && (
          <Control>
            <span aria-hidden="true">▸ </span>Connection details
          </Control>
        )}
        <span className={styles.submit}>
          {platform !== 'bigcommerce' && <Marker n={4} />}
          <Control primary>
            {platform === 'shopify' ? 'Continue to Shopify' : 'Connect'}
          </Control>
        </span>
      </p>
    </AppFigure>
  );
}
