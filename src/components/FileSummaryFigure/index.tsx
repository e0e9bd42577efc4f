import type {ReactNode} from 'react';
import AppFigure, {Control, Fact, Literal, Marker, Status} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Files → Upload file, once Tom Reid's stock file fil_5Hy8Cd3 is uploaded
 * and checked (the example on the Files page): the summary of what the
 * import will do, before he selects Import.
 */

const file = 'fil_5Hy8Cd3';
/**
 * Uploaded, before Import. The summary's counts are the quick check's own
 * (the API's are null until validation, file.yaml's row_count says); they
 * are drawn as the import's, which found the same.
 */
const uploaded = '2023-05-04T13:58:02Z';
/** The import's counts, which the quick check's summary showed first. */
const imported = '2023-05-04T13:59:31Z';

export default function FileSummaryFigure(): ReactNode {
  return (
    <AppFigure
      name="FileSummaryFigure"
      screen={['Files', 'Upload file']}
      caption={
        <>
          The summary of Tom Reid&apos;s stock file after upload: the quick
          check found <Fact of={`${file}.error_count`}>2</Fact> rows with
          errors, and nothing changes until he selects <strong>Import</strong>.
        </>
      }
      notes={[
        <>
          The file as uploaded: its kind, name and state. It stays{' '}
          <code>
            <Fact of={`${file}.status`} at={uploaded}>
              uploaded
            </Fact>
          </code>{' '}
          until you import or cancel it.
        </>,
        <>
          The quick check&apos;s summary: rows to create, to update and with
          errors. A wrong header row shows here as a warning.
        </>,
        <>
          <strong>Import</strong> runs validation again and imports the good
          rows; <strong>Cancel</strong> discards the file.
        </>,
      ]}>
      <p className={styles.file}>
        <span>
          Stock file{' '}
          <code>
            <Fact of={`${file}.filename`}>
              alder-finch-stock-2023-05-04.csv
            </Fact>
          </code>
        </span>
        <Status tone="neutral">
          <Fact of={`${file}.status`} at={uploaded}>
            uploaded
          </Fact>
        </Status>
        <Marker n={1} />
      </p>
      <p className={styles.by}>
        Uploaded by <Fact of={`${file}.uploaded_by.name`}>Tom Reid</Fact> at{' '}
        <Fact of={`${file}.created_at`} format="time" zone="Europe/London">
          14:58
        </Fact>
        ,{' '}
        <Fact of={`${file}.row_count`} at={imported} format="number">
          1,204
        </Fact>{' '}
        rows
      </p>
      <ul className={styles.summary} aria-label="Summary">
        <li>
          <span className={styles.figure}>
            <Literal why="none of the file's rows creates a record: its rows are those to update plus those with errors">
              0
            </Literal>
          </span>
          to create
        </li>
        <li>
          <span className={styles.figure}>
            <Fact of={`${file}.imported_count`} at={imported} format="number">
              1,202
            </Fact>
          </span>
          to update
        </li>
        <li className={styles.errors}>
          <span className={styles.figure}>
            <Fact of={`${file}.error_count`} at={imported}>
              2
            </Fact>
          </span>
          with errors, skipped
        </li>
        <li className={styles.marker}>
          <Marker n={2} />
        </li>
      </ul>
      <p className={styles.actions}>
        <Control>Cancel</Control>
        <Control primary>Import</Control>
        <Marker n={3} />
      </p>
    </AppFigure>
  );
}
