import {useId, useState, type ReactNode} from 'react';
import ScrollableTable from '../ScrollableTable';
import {
  formatExpression,
  listConditions,
  parseQuery,
  queryLimits,
} from '@site/src/lib/query-language';
import styles from './styles.module.css';

const exampleQuery =
  'status in ("pending", "accepted") AND placed_at < -2d OR NOT sku starts with "ALDF"';

export default function QueryCheckerForm(): ReactNode {
  const inputId = useId();
  const resultId = useId();
  const [query, setQuery] = useState(exampleQuery);
  const result = parseQuery(query);

  return (
    <div>
      <label htmlFor={inputId} className={styles.label}>
        Query
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        rows={3}
        maxLength={queryLimits.maxQueryLength + 100}
        spellCheck={false}
        aria-describedby={resultId}
      />
      <div
        id={resultId}
        className={styles.result}
        role="status"
        aria-live="polite">
        {result.ok ? (
          result.expression ? (
            <>
              <p className={styles.valid}>
                Valid query. Read with its brackets:
              </p>
              <pre className={styles.parsed}>
                <code>{formatExpression(result.expression)}</code>
              </pre>
              <ScrollableTable
                className={styles.conditions}
                aria-label="Conditions">
                <caption>Conditions, left to right</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Operator</th>
                    <th scope="col">Value</th>
                    <th scope="col">Read as</th>
                  </tr>
                </thead>
                <tbody>
                  {listConditions(result.expression).map((condition) => (
                    <tr key={condition.column}>
                      <td>
                        <code>{condition.field}</code>
                      </td>
                      <td>
                        <code>{condition.operator}</code>
                      </td>
                      <td>
                        {condition.values.map((value) => (
                          <code key={value.raw} className={styles.value}>
                            {value.raw}
                          </code>
                        ))}
                      </td>
                      <td>
                        {condition.values.length === 0
                          ? 'no value'
                          : condition.values
                              .map((value) => `${value.kind}: ${value.meaning}`)
                              .join('; ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollableTable>
            </>
          ) : (
            <p className={styles.valid}>An empty query matches every row.</p>
          )
        ) : (
          <>
            <p className={styles.invalid}>{result.error.message}</p>
            <pre className={styles.pointer} aria-hidden="true">
              <code>
                {query}
                {'\n'}
                {' '.repeat(Math.max(0, result.error.column - 1))}^
              </code>
            </pre>
          </>
        )}
      </div>
    </div>
  );
}
