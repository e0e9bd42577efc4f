import type {ReactNode} from 'react';
import AppFigure, {Control, Label, Literal, Marker, Unseen} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Create API key dialogue of the API keys guide: a sandbox key for the
 * ERP while it is built, filled in, and the key it shows once after
 * Create. The key is the site's placeholder sandbox key.
 */

function Choice({
  chosen = false,
  children,
}: {
  chosen?: boolean;
  children: string;
}): ReactNode {
  return (
    <span className={styles.choice}>
      <span aria-hidden="true">{chosen ? '◉' : '○'}</span>
      <Label>{children}</Label>
      {chosen && <Unseen> (chosen)</Unseen>}
    </span>
  );
}

export default function CreateApiKeyFigure(): ReactNode {
  return (
    <AppFigure
      name="CreateApiKeyFigure"
      screen={['Settings', 'API keys', 'Create API key']}
      caption={
        <>
          The <strong>Create API key</strong> dialogue filled in for a sandbox
          key named ERP sync that reads and writes, and, after{' '}
          <strong>Create</strong>, the full key shown once.
        </>
      }
      notes={[
        <>
          A name that says what uses the key: it is the actor of the key&apos;s
          changes in <strong>Changes</strong>.
        </>,
        <>
          <strong>Sandbox</strong> keys start <code>ih_test_</code> and work
          only against the sandbox API; <strong>Production</strong> keys start{' '}
          <code>ih_live_</code>.
        </>,
        <>
          <strong>Read</strong> for systems that only report;{' '}
          <strong>Read and write</strong> for systems that change data.
        </>,
        <>
          The full key is shown once only. Select <strong>Copy</strong> and hand
          it over through a password manager.
        </>,
      ]}>
      <div className={styles.dialogue} role="group" aria-label="Create API key">
        <p className={styles.title}>
          <Label>Create API key</Label>
        </p>
        <p className={styles.field}>
          <span className={styles.name}>
            <Label>Name</Label>
          </span>
          <span className={styles.input}>ERP sync</span>
          <Marker n={1} />
        </p>
        <p className={styles.field}>
          <span className={styles.name}>
            <Label>Environment</Label>
          </span>
          <Choice>Production</Choice>
          <Choice chosen>Sandbox</Choice>
          <Marker n={2} />
        </p>
        <p className={styles.field}>
          <span className={styles.name}>
            <Label>Scope</Label>
          </span>
          <Choice>Read</Choice>
          <Choice chosen>Read and write</Choice>
          <Marker n={3} />
        </p>
        <p className={styles.actions}>
          <Control>Cancel</Control>
          <Control primary>Create</Control>
        </p>
        <div className={styles.result}>
          <p className={styles.once}>
            Shown once, after Create:
            <Marker n={4} />
          </p>
          <p className={styles.field}>
            <span className={styles.name}>
              <Label>API key</Label>
            </span>
            <code className={styles.key}>
              <Literal why="the site's placeholder sandbox key, which every sample uses; it is no real key">
                ih_test_4eC39HqLyjWDarjtT1zdp7dc
              </Literal>
            </code>
            <Control>Copy</Control>
          </p>
        </div>
      </div>
    </AppFigure>
  );
}
