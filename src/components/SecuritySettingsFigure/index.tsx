import type {ReactNode} from 'react';
import AppFigure, {Control, Label, Marker, Status} from '../AppFigure';
// The same form layout as Settings → Company: one stylesheet for both.
import styles from '../CompanySettingsFigure/styles.module.css';

/**
 * Settings → Security of Northwind Outfitters while an admin sets up single
 * sign-on, as the sign-in guide's steps do: two-factor authentication is not
 * required for everyone (PRODUCT-DECISIONS.md), Google is chosen for the
 * domain of the company's email addresses, and single sign-on is not yet
 * required.
 */

export default function SecuritySettingsFigure(): ReactNode {
  return (
    <AppFigure
      name="SecuritySettingsFigure"
      screen={['Settings', 'Security']}
      caption={
        <>
          <strong>Settings → Security</strong> of Northwind Outfitters while an
          admin sets up single sign-on: Google is chosen for the domain
          northwind.example.com and <strong>Require single sign-on</strong> is
          left off, ready for <strong>Save</strong>. Two-factor authentication
          is not required for everyone.
        </>
      }
      notes={[
        <>
          <strong>Require two-factor authentication</strong>: everyone in the
          company must use two-factor authentication, not only those who turned
          it on in <strong>Profile → Security</strong>.
        </>,
        <>
          <strong>Single sign-on</strong>: choose <strong>Google</strong> or{' '}
          <strong>Microsoft</strong> and enter the domain of your email
          addresses.
        </>,
        <>
          <strong>Require single sign-on</strong>: users with that domain can no
          longer sign in with a password. Owners always can, so a fault at the
          identity provider never locks the company out.
        </>,
      ]}>
      <dl className={styles.form}>
        <dt>
          <Label>Require two-factor authentication</Label>
        </dt>
        <dd>
          <Status tone="neutral">off</Status>
          <Marker n={1} />
        </dd>
        <dt>
          <Label>Single sign-on</Label>
        </dt>
        <dd>
          <Control kind="select">Google</Control>
          <Marker n={2} />
        </dd>
        <dt>
          <Label>Domain</Label>
        </dt>
        <dd>
          <span className={styles.input}>northwind.example.com</span>
        </dd>
        <dt>
          <Label>Require single sign-on</Label>
        </dt>
        <dd>
          <Status tone="neutral">off</Status>
          <Marker n={3} />
        </dd>
      </dl>
      <p className={styles.actions}>
        <Control primary>Save</Control>
      </p>
    </AppFigure>
  );
}
