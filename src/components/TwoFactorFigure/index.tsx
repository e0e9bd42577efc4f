import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Label, Literal, Marker} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Profile → Security while Priya Shah turns on two-factor authentication:
 * the QR code and the code that confirms it, then the recovery codes the
 * Hub shows once. The codes are made up: every user's are random.
 */

const recoveryCodes = [
  'k7qm-2xwp',
  'r4tn-8hvd',
  'c9lz-3fby',
  'w2jd-6mkr',
  'p5se-9gna',
  'h8vx-4qtc',
  'b3nf-7wle',
  'z6yr-2dkp',
  'm9ca-5jth',
  't4gw-8bxs',
];

export default function TwoFactorFigure(): ReactNode {
  return (
    <AppFigure
      name="TwoFactorFigure"
      screen={['Profile', 'Security']}
      caption={
        <>
          The <strong>Two-factor authentication</strong> section of Priya
          Shah&apos;s profile while she turns it on: the QR code to scan and the
          code to confirm it, then the ten recovery codes the Hub shows once.
        </>
      }
      notes={[
        <>
          Scan the QR code with your authenticator app. It then shows a new
          six-digit code every half minute.
        </>,
        <>
          Enter the code the app shows and select <strong>Confirm</strong>.
        </>,
        <>
          Save the recovery codes away from your phone: each works once, in
          place of a code. <strong>Generate new codes</strong> replaces the
          whole set.
        </>,
      ]}>
      <p className={styles.title}>
        <Label>Two-factor authentication</Label>
        <span>
          for <Fact of="usr_2Bv8Nx4.email">priya@northwind.example.com</Fact>
        </span>
      </p>
      <div className={styles.steps}>
        <section className={styles.step}>
          <p className={styles.stepTitle}>Scan and confirm</p>
          <p className={styles.row}>
            <span className={styles.qr} role="img" aria-label="QR code" />
            <Marker n={1} />
          </p>
          <p className={styles.row}>
            <span>Code from your app</span>
            <span className={styles.field}>
              <Literal why="a one-time code of the authenticator app, not a value of the Hub">
                492 731
              </Literal>
            </span>
          </p>
          <p className={styles.row}>
            <Control primary>Confirm</Control>
            <Marker n={2} />
          </p>
        </section>
        <section className={styles.step}>
          <p className={styles.stepTitle}>
            Recovery codes
            <Marker n={3} />
          </p>
          <ul className={styles.codes} aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>
                  <Literal why="a made-up recovery code: each user gets random ones">
                    {code}
                  </Literal>
                </code>
              </li>
            ))}
          </ul>
          <p className={styles.row}>
            <Control>Generate new codes</Control>
          </p>
        </section>
      </div>
    </AppFigure>
  );
}
