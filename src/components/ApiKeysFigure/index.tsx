import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Label,
  Marker,
  Row,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Settings → API keys of Northwind Outfitters at the world's now: its ERP's
 * production key, "ERP sync", which sends the morning's stock batch
 * (bat_4Rt7Ym2), as an admin sees the list. Change release is not drawn:
 * it came to the screen with the 2023-07 release (the web app release notes
 * of 31 July 2023); on 4 May there was one release and nothing to move to.
 */

const key = 'api_key:erp-sync';

export default function ApiKeysFigure(): ReactNode {
  return (
    <AppFigure
      name="ApiKeysFigure"
      screen={['Settings', 'API keys']}
      caption={
        <>
          <strong>Settings → API keys</strong> of Northwind Outfitters, as an
          owner or admin sees it: one production key, ERP sync, pinned to API
          release <Fact of={`${key}.api_release`}>2023-01</Fact>.
        </>
      }
      notes={[
        <>
          <strong>Create API key</strong> opens the dialogue for a new key.
        </>,
        <>
          Only the first characters of a key are shown; the full key is shown
          once, when it is created.
        </>,
        <>
          <strong>Last used</strong>, in the company&apos;s time zone: watch it
          stop changing before you revoke a key you have replaced.
        </>,
        <>
          On the selected key, <strong>Revoke</strong> stops it within seconds,
          for good. <strong>Change release</strong>, which moves a key to a
          newer API release, joins it once there is one: with a single release,
          there is nothing to move to yet.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <Marker n={1} />
        <Control primary>Create API key</Control>
      </p>
      <Grid
        label="API keys"
        columns={styles.columns}
        header={[
          'Name',
          'Key',
          'Environment',
          'Scope',
          'API release',
          'Created',
          'Last used',
        ]}>
        <Row highlight>
          <Cell label="Name">
            <strong>
              <Fact of={`${key}.name`}>ERP sync</Fact>
            </strong>
          </Cell>
          <Cell label="Key">
            <code>
              <Fact of={`${key}.prefix`}>ih_live_4eC3</Fact>…
            </code>
            <Marker n={2} />
          </Cell>
          <Cell label="Environment">
            <Label>Production</Label>
          </Cell>
          <Cell label="Scope">
            <Label>Read and write</Label>
          </Cell>
          <Cell label="API release">
            <code>
              <Fact of={`${key}.api_release`}>2023-01</Fact>
            </code>
          </Cell>
          <Cell label="Created">
            <span>
              <Fact of={`${key}.created_by.name`}>Priya Shah</Fact>,{' '}
              <Fact of={`${key}.created_at`} format="date" zone="Europe/London">
                2 May 2023
              </Fact>
            </span>
          </Cell>
          <Cell label="Last used">
            <span>
              <Fact
                of={`${key}.last_used_at`}
                format="date"
                zone="Europe/London">
                4 May 2023
              </Fact>
              ,{' '}
              <Fact
                of={`${key}.last_used_at`}
                format="time"
                zone="Europe/London">
                08:00
              </Fact>
            </span>
            <Marker n={3} />
          </Cell>
        </Row>
      </Grid>
      <p className={styles.rowActions}>
        <Control>Revoke</Control>
        <Marker n={4} />
      </p>
    </AppFigure>
  );
}
