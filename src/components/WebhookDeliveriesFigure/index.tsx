import {Fragment, type ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Literal,
  Marker,
  Row,
  Status,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Settings → Webhooks → Northwind ERP (ntf_3Ja6Mr1) on its Deliveries tab
 * at the world's now: the newest attempts of its delivery log, as the API's
 * example lists them (openapi/resources/notification.yaml), including
 * evt_8Kp3Xd6Rm2, delivered on its second attempt.
 */

const subscription = 'ntf_3Ja6Mr1';

/** The events it listens for, in its list's order (each drawn as a Fact). */
const events = ['order.created', 'order.updated', 'stock.updated'];

/** Attempts drawn, newest first: their keys in the world. */
const attempts = [
  `${subscription}:evt_7Tb2Mh5Kq6:1`,
  `${subscription}:evt_6Dq2Mw8Hs4:1`,
  `${subscription}:evt_3Pn7Kt5Vz1:1`,
  `${subscription}:evt_9Ws4Bc6Jr2:1`,
  `${subscription}:evt_8Kp3Xd6Rm2:2`,
  `${subscription}:evt_8Kp3Xd6Rm2:1`,
];

/** What each attempt shows, as the world holds it. */
const shown: Record<
  string,
  {
    type: string;
    time: string;
    attempt: string;
    code: string;
    ms: string;
    ok: boolean;
  }
> = {
  [attempts[0]!]: {
    type: 'order.updated',
    time: '16:10',
    attempt: '1',
    code: '204',
    ms: '163',
    ok: true,
  },
  [attempts[1]!]: {
    type: 'order.updated',
    time: '15:05',
    attempt: '1',
    code: '204',
    ms: '171',
    ok: true,
  },
  [attempts[2]!]: {
    type: 'stock.updated',
    time: '15:05',
    attempt: '1',
    code: '204',
    ms: '158',
    ok: true,
  },
  [attempts[3]!]: {
    type: 'order.updated',
    time: '15:05',
    attempt: '1',
    code: '204',
    ms: '166',
    ok: true,
  },
  [attempts[4]!]: {
    type: 'order.updated',
    time: '10:42',
    attempt: '2',
    code: '204',
    ms: '214',
    ok: true,
  },
  [attempts[5]!]: {
    type: 'order.updated',
    time: '10:41',
    attempt: '1',
    code: '503',
    ms: '96',
    ok: false,
  },
};

export default function WebhookDeliveriesFigure(): ReactNode {
  return (
    <AppFigure
      name="WebhookDeliveriesFigure"
      screen={[
        'Settings',
        'Webhooks',
        <Fact key="ntf" of={`${subscription}.description`}>
          Northwind ERP
        </Fact>,
      ]}
      tabs={['Details', 'Deliveries']}
      activeTab="Deliveries"
      caption={
        <>
          The <strong>Deliveries</strong> tab of the Northwind ERP webhook,
          newest first: one event failed with a{' '}
          <Fact of={`${attempts[5]}.status_code`}>503</Fact> and was delivered
          on the retry a minute later.
        </>
      }
      notes={[
        <>
          The subscription: its URL, its events and its status,{' '}
          <Literal why="the states any subscription can be in">
            <code>active</code>, <code>paused</code> or <code>failing</code>
          </Literal>
          .
        </>,
        <>
          <strong>Send test event</strong> sends a signed{' '}
          <code>notification.test</code> event at once and shows the answer.{' '}
          <strong>Pause</strong>, <strong>Edit</strong> and{' '}
          <strong>Roll secret</strong> are beside it.
        </>,
        <>
          Each attempt: when, the event type, which attempt, the status code the
          system answered and how long it took. A success status counts as
          received.
        </>,
        <>
          A failed attempt, retried after a minute; the wait doubles on each
          failure.
        </>,
      ]}>
      <div className={styles.head}>
        <p className={styles.summary}>
          <code className={styles.url}>
            <Fact of={`${subscription}.url`}>
              https://erp.northwind.example.com/hooks/integration-hub
            </Fact>
          </code>
          <span>
            {events.map((type, index) => (
              <Fragment key={type}>
                {index > 0 && ', '}
                <code>
                  <Fact of={`${subscription}.events.${index}`}>{type}</Fact>
                </code>
              </Fragment>
            ))}
          </span>
          <span>
            <Status tone="success">
              <Fact of={`${subscription}.status`}>active</Fact>
            </Status>
            <Marker n={1} />
          </span>
        </p>
        <p className={styles.actions}>
          <Marker n={2} />
          <Control primary>Send test event</Control>
          <Control>Pause</Control>
          <Control>Edit</Control>
          <Control>Roll secret</Control>
        </p>
      </div>
      <Grid
        label="Deliveries, newest first"
        columns={styles.columns}
        header={['Time', 'Event', 'Attempt', 'Answer', 'Took']}>
        {attempts.map((key, index) => {
          const {type, time, attempt, code, ms, ok} = shown[key]!;
          return (
            <Row key={key} highlight={!ok}>
              <Cell label="Time">
                <span>
                  <Fact
                    of={`${key}.attempted_at`}
                    format="date"
                    zone="Europe/London">
                    4 May 2023
                  </Fact>
                  ,{' '}
                  <Fact
                    of={`${key}.attempted_at`}
                    format="time"
                    zone="Europe/London">
                    {time}
                  </Fact>
                </span>
              </Cell>
              <Cell label="Event">
                <code>
                  <Fact of={`${key}.event_type`}>{type}</Fact>
                </code>
              </Cell>
              <Cell label="Attempt">
                <Fact of={`${key}.attempt`}>{attempt}</Fact>
              </Cell>
              <Cell label="Answer">
                <Status tone={ok ? 'success' : 'danger'}>
                  <Fact of={`${key}.status_code`}>{code}</Fact>
                </Status>
                {index === 0 && <Marker n={3} />}
                {!ok && <Marker n={4} />}
              </Cell>
              <Cell label="Took">
                <span>
                  <Fact of={`${key}.duration_ms`}>{ms}</Fact> ms
                </span>
              </Cell>
            </Row>
          );
        })}
      </Grid>
    </AppFigure>
  );
}
