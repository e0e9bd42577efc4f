import type {ReactNode} from 'react';
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
 * Stock → Batch updates → bat_4Rt7Ym2, Leeds DC's 08:00 count on 4 May
 * 2023 (London), sent by Northwind's ERP with its API key ERP sync (the
 * example on the stock page): two lines applied, one rejected for an
 * unknown SKU.
 */

const batch = 'bat_4Rt7Ym2';
/** The moment the batch applied its lines to Leeds DC's stock. */
const applied = '2023-05-04T07:00:41Z';

interface Line {
  sku: string;
  quantity: ReactNode;
  result: ReactNode;
}

const lines: Line[] = [
  {
    sku: 'ALDF-HWJ-OLV-M',
    quantity: (
      <Fact of="var_3Tn8Wq1:wh_1Rk5Ds3.on_hand" at={applied}>
        24
      </Fact>
    ),
    result: (
      <>
        <Status tone="success">applied</Status> on hand is now{' '}
        <Fact of="var_3Tn8Wq1:wh_1Rk5Ds3.on_hand" at={applied}>
          24
        </Fact>
      </>
    ),
  },
  {
    sku: 'ALDF-HWJ-OLV-L',
    quantity: <Fact of="var_3Tn8Wq2:wh_1Rk5Ds3.on_hand">25</Fact>,
    result: (
      <>
        <Status tone="success">applied</Status> on hand is now{' '}
        <Fact of="var_3Tn8Wq2:wh_1Rk5Ds3.on_hand">25</Fact>
      </>
    ),
  },
  {
    sku: 'ALDF-HWJ-OLV-XL',
    quantity: (
      <Literal why="the rejected line's quantity: no variant has its SKU, so the world holds no stock for it">
        6
      </Literal>
    ),
    result: (
      <>
        <Status tone="danger">rejected</Status> <code>unknown_sku</code>{' '}
        <span>no variant has this SKU</span>
      </>
    ),
  },
];

export default function BatchUpdateFigure(): ReactNode {
  return (
    <AppFigure
      name="BatchUpdateFigure"
      screen={[
        'Stock',
        'Batch updates',
        <Fact key="batch" of={batch}>
          {batch}
        </Fact>,
      ]}
      caption={
        <>
          Batch <Fact of={batch}>{batch}</Fact> for Leeds DC, sent by
          Northwind&apos;s ERP with its API key{' '}
          <Fact of="api_key:erp-sync.name">ERP sync</Fact>,{' '}
          <code>
            <Fact of={`${batch}.status`}>completed_with_errors</Fact>
          </code>
          : two of its lines applied and one rejected for an unknown SKU.
        </>
      }
      notes={[
        <>
          The batch&apos;s mode,{' '}
          <code>
            <Fact of={`${batch}.mode`}>set</Fact>
          </code>
          , applies to every line, and its counts: lines, applied and errors.
        </>,
        <>
          The result of each line. The applied lines have changed on hand; only
          the rejected line needs attention.
        </>,
        <>
          <strong>Download results</strong> gives a CSV of the rejected lines,
          to correct and send again.
        </>,
      ]}>
      <p className={styles.summary}>
        <Status tone="warning">
          <Fact of={`${batch}.status`}>completed_with_errors</Fact>
        </Status>
        <span>
          Mode{' '}
          <code>
            <Fact of={`${batch}.mode`}>set</Fact>
          </code>
        </span>
        <span>
          <Fact of={`${batch}.line_count`}>3</Fact> lines,{' '}
          <Fact of={`${batch}.applied_count`}>2</Fact> applied,{' '}
          <Fact of={`${batch}.error_count`}>1</Fact> error
        </span>
        <span>
          Completed{' '}
          <Fact of={`${batch}.completed_at`} format="date" zone="Europe/London">
            4 May 2023
          </Fact>
          ,{' '}
          <Fact of={`${batch}.completed_at`} format="time" zone="Europe/London">
            08:00
          </Fact>
        </span>
        <Marker n={1} />
      </p>
      <Grid
        label="Lines"
        columns={styles.columns}
        header={['Line', 'SKU', 'Warehouse', 'Quantity', 'Result']}>
        {lines.map(({sku, quantity, result}, index) => (
          <Row key={sku} highlight={index === 2}>
            <Cell label="Line">
              <Literal why="the line's place among the lines drawn, in the order the batch sent them">
                {index + 1}
              </Literal>
            </Cell>
            <Cell label="SKU">
              <code>{sku}</code>
            </Cell>
            <Cell label="Warehouse">
              <code>
                <Fact of="wh_1Rk5Ds3.code">LDS</Fact>
              </code>
            </Cell>
            <Cell label="Quantity">{quantity}</Cell>
            <Cell label="Result">
              {result}
              {index === 2 && <Marker n={2} />}
            </Cell>
          </Row>
        ))}
      </Grid>
      <p className={styles.actions}>
        <Control primary>Download results</Control>
        <Marker n={3} />
      </p>
    </AppFigure>
  );
}
