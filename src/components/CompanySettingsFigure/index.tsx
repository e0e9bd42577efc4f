import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Label, Marker} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Settings → Company of Northwind Outfitters (com_8HhT2kQ) at the world's
 * now, as an owner sees it: the fields of the company guide's table.
 */

const company = 'com_8HhT2kQ';

export default function CompanySettingsFigure(): ReactNode {
  return (
    <AppFigure
      name="CompanySettingsFigure"
      screen={['Settings', 'Company']}
      caption={
        <>
          <strong>Settings → Company</strong> of Northwind Outfitters as an
          owner sees it: the company&apos;s ID and type, which never change, and
          the details an owner can change and save.
        </>
      }
      notes={[
        <>
          The company&apos;s ID, for support and the API, and its type, set when
          the company was created.
        </>,
        <>
          <strong>Time zone</strong>: the app shows dates in it, and{' '}
          <code>today</code> in filters, in the app and the API, follows it. API
          timestamps are always in UTC.
        </>,
        <>
          <strong>Save</strong> appears for owners only; the change shows in{' '}
          <strong>Changes</strong> with the owner as the actor.
        </>,
      ]}>
      <dl className={styles.form}>
        <dt>
          <Label>ID</Label>
        </dt>
        <dd>
          <code>
            <Fact of={company} />
          </code>
          <Marker n={1} />
        </dd>
        <dt>
          <Label>Company type</Label>
        </dt>
        <dd>Retailer</dd>
        <dt>
          <Label>Company name</Label>
        </dt>
        <dd>
          <span className={styles.input}>
            <Fact of={`${company}.name`}>Northwind Outfitters</Fact>
          </span>
        </dd>
        <dt>
          <Label>Country</Label>
        </dt>
        <dd>
          <Control kind="select">
            United Kingdom (<Fact of={`${company}.country`}>GB</Fact>)
          </Control>
        </dd>
        <dt>
          <Label>Default currency</Label>
        </dt>
        <dd>
          <Control kind="select">
            <Fact of={`${company}.default_currency`}>GBP</Fact>
          </Control>
        </dd>
        <dt>
          <Label>Time zone</Label>
        </dt>
        <dd>
          <Control kind="select">
            <Fact of={`${company}.timezone`}>Europe/London</Fact>
          </Control>
          <Marker n={2} />
        </dd>
      </dl>
      <p className={styles.actions}>
        <Marker n={3} />
        <Control primary>Save</Control>
      </p>
    </AppFigure>
  );
}
