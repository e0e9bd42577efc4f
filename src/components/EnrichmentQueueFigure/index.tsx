import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Label,
  Literal,
  Marker,
  Row,
  Status,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Enrichment queue tab of Northwind Visualsoft with the queue guide's
 * example job open: the Harbour Waxed Jacket, written on the third attempt
 * after Visualsoft answered Service Unavailable twice. Enrichment jobs are the guides' own
 * (the API has none), so the job's figures are the guide's, marked as such;
 * the product and its SKUs are the sample world's.
 */

const storeTabs = ['Overview', 'Listings', 'Enrichment queue', 'Settings'];
const header = ['Product', 'Fields', 'Source', 'State', 'Attempts', 'Reason'];

const example =
  "the queue guide's example job; jobs are not in the sample world";

/** A time of the example job, in the company's time zone, as the app shows it. */
const At = ({children}: {children: string}) => (
  <Literal why={example}>{children}</Literal>
);

/** The job's attempts, drawn in its details; the Attempts column counts them. */
const attempts: {time: string; result: ReactNode}[] = [
  {
    time: '11:00:05',
    result: <>Visualsoft unavailable (Service Unavailable); queued for retry</>,
  },
  {
    time: '11:01:05',
    result: <>Visualsoft unavailable (Service Unavailable); queued for retry</>,
  },
  {
    time: '11:06:06',
    result: <>Succeeded: description; kept retailer edit: SEO description</>,
  },
];

export default function EnrichmentQueueFigure(): ReactNode {
  return (
    <AppFigure
      name="EnrichmentQueueFigure"
      screen={['Stores', 'Northwind Visualsoft']}
      tabs={storeTabs}
      activeTab="Enrichment queue"
      caption="The Enrichment queue tab of Northwind Visualsoft with one job open: the Harbour Waxed Jacket succeeded on its third attempt, after Visualsoft was unavailable twice, and kept the retailer’s own SEO description."
      notes={[
        <>
          Filter by <strong>State</strong>, <strong>Source</strong>,{' '}
          <strong>Product or SKU</strong> and <strong>Queued</strong>.
        </>,
        <>
          <strong>Retry all failed</strong> sends every failed job back to{' '}
          <code>queued</code>; <strong>Pause queue</strong> holds the queue
          until <strong>Resume queue</strong>.
        </>,
        <>
          Each job names the product, the fields to write, how it joined the
          queue, its state and its attempts.
        </>,
        <>
          The open job&apos;s attempts, in the company&apos;s time zone (an hour
          ahead of UTC in October): the first two met a passing error and were
          retried after the back-off; the third wrote the description and kept
          the protected SEO description.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <span className={styles.buttons}>
          <Marker n={1} />
          <Control kind="select">State</Control>
          <Control kind="select">Source</Control>
          <Control kind="select">Product or SKU</Control>
          <Control kind="select">Queued</Control>
        </span>
        <span className={styles.buttons}>
          <Marker n={2} />
          <Control>Retry all failed</Control>
          <Control>Pause queue</Control>
        </span>
      </p>
      <p className={styles.title}>
        Jobs, newest first
        <Marker n={3} />
      </p>
      <Grid label="Jobs" columns={styles.columns} header={header}>
        <Row highlight>
          <Cell label="Product">
            <strong>
              <Fact of="prd_9Kx2Vb7.title">Harbour Waxed Jacket</Fact>
            </strong>
            <code>
              <Fact of="var_3Tn8Wq1.sku">ALDF-HWJ-OLV-M</Fact>
            </code>
            <code>
              <Fact of="var_3Tn8Wq2.sku">ALDF-HWJ-OLV-L</Fact>
            </code>
          </Cell>
          <Cell label="Fields">Description, SEO description</Cell>
          <Cell label="Source">automatic</Cell>
          <Cell label="State">
            <Status tone="success">succeeded</Status>
          </Cell>
          <Cell label="Attempts">
            <Literal why="the job's attempts drawn in its details">
              {attempts.length}
            </Literal>
          </Cell>
          <Cell label="Reason">
            <Label>Kept retailer edit: SEO description</Label>
          </Cell>
        </Row>
      </Grid>
      <div className={styles.panel}>
        <p className={styles.panelTitle}>
          Attempts
          <Marker n={4} />
        </p>
        <ol className={styles.attempts} aria-label="Attempts">
          {attempts.map(({time, result}, index) => (
            <li key={time} className={styles.attempt}>
              <span className={styles.when}>
                <Literal why="the attempt's place among those drawn">
                  {index + 1}
                </Literal>{' '}
                · <At>{time}</At>
              </span>
              <span>{result}</span>
            </li>
          ))}
        </ol>
      </div>
    </AppFigure>
  );
}
