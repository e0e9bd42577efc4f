import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * The shared frame of the guides' figures: a static drawing of one web-app
 * screen (or of a flow) inside a <figure>, with a caption that names what it
 * shows and a numbered key to the markers drawn on it. Everything is plain
 * HTML, so screen readers read the screen as text, the layout fits a
 * phone and the colours follow the colour mode. Nothing runs in the browser.
 *
 * The build checks each figure as it checks a page
 * (src/plugins/content-rules/figures.ts): every label drawn (a control, a
 * tab, a step of the screen's path, a <Label>, bold text in the caption) is
 * declared in src/data/app-labels.yaml, every <Fact> shows the sample
 * world's value, every id is a world object's, and no other digit is drawn
 * unless a <Literal> says why.
 */

interface AppFigureProps {
  /** The figure's component name: the build's messages name it. */
  name: string;
  /** The caption: what the figure shows, in a sentence or two. */
  caption: ReactNode;
  /** The key to the numbered markers, in order; each entry names its control. */
  notes?: ReactNode[];
  /**
   * The screen's path in the app, from the left navigation down, e.g.
   * ['Stores', 'Northwind Shopify']: each text step is a label or a record
   * name of src/data/app-labels.yaml; a record the world holds can be a
   * step of its own (`<>Order <Fact of="ord_5Yc1Hd6.number">10482</Fact></>`).
   * Leave it out for a flow diagram.
   */
  screen?: ReactNode[];
  /** The screen's tabs, if it has any. */
  tabs?: string[];
  /** The tab the figure shows open. */
  activeTab?: string;
  children: ReactNode;
}

export default function AppFigure({
  name,
  caption,
  notes = [],
  screen,
  tabs = [],
  activeTab,
  children,
}: AppFigureProps): ReactNode {
  return (
    <figure className={styles.figure} data-figure={name}>
      {screen ? (
        <div className={styles.window}>
          <p className={styles.screenPath}>
            <span className={styles.visuallyHidden}>Screen: </span>
            {screen.map((step, index) => (
              <Fragment key={index}>
                {index > 0 && ' → '}
                {typeof step === 'string' ? (
                  <span data-label="">{step}</span>
                ) : (
                  step
                )}
              </Fragment>
            ))}
          </p>
          {tabs.length > 0 && (
            <ul className={styles.tabs} aria-label="Tabs">
              {tabs.map((tab) => (
                <li
                  key={tab}
                  className={clsx(
                    styles.tab,
                    tab === activeTab && styles.tabActive,
                  )}>
                  <span data-label="">{tab}</span>
                  {tab === activeTab && (
                    <span className={styles.visuallyHidden}> (open)</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.body}>{children}</div>
        </div>
      ) : (
        <div className={styles.diagram}>{children}</div>
      )}
      <figcaption className={styles.caption}>
        <p>{caption}</p>
        {notes.length > 0 && (
          <ol className={styles.notes}>
            {notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ol>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * A numbered marker on the drawing. The caption's key says what it points
 * at, so the marker itself is hidden from screen readers.
 */
export function Marker({n}: {n: number}): ReactNode {
  return (
    <span className={styles.marker} aria-hidden="true">
      {n}
    </span>
  );
}

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** A status as the app shows it: the state's name, tinted by its meaning. */
export function Status({
  tone,
  children,
}: {
  tone: Tone;
  children: ReactNode;
}): ReactNode {
  return <span className={clsx(styles.status, styles[tone])}>{children}</span>;
}

/**
 * A button, menu or field drawn on the screen. It is a picture of a
 * control, not a control: it takes no focus and does nothing.
 */
export function Control({
  kind = 'button',
  primary = false,
  children,
}: {
  kind?: 'button' | 'select';
  primary?: boolean;
  children: ReactNode;
}): ReactNode {
  return (
    <span
      className={clsx(
        styles.control,
        kind === 'select' && styles.select,
        primary && styles.primary,
      )}>
      <span data-label="" data-control="">
        {children}
      </span>
      {kind === 'select' && (
        <span className={styles.chevron} aria-hidden="true">
          ▾
        </span>
      )}
    </span>
  );
}

/** Rows of a drawn grid; the header row is for the eye only. */
export function Grid({
  columns,
  header,
  children,
  label,
}: {
  /**
   * A class of the figure's own styles that sets `--columns`, the
   * grid-template-columns of the wide layout (a class, not a style
   * attribute, so the CSP needs no hash for it).
   */
  columns: string;
  header: string[];
  children: ReactNode;
  label: string;
}): ReactNode {
  return (
    <div className={clsx(styles.grid, columns)}>
      <div className={clsx(styles.row, styles.headerRow)} aria-hidden="true">
        {header.map((cell) => (
          <span key={cell}>{cell}</span>
        ))}
      </div>
      <ul className={styles.rows} aria-label={label}>
        {children}
      </ul>
    </div>
  );
}

/** One cell of a Row: its label (read aloud, shown when stacked) and value. */
export function Cell({
  label,
  children,
}: {
  label: string;
  children: ReactNode;
}): ReactNode {
  return (
    <span className={styles.cell}>
      <span className={styles.cellLabel}>{label}: </span>
      {children}
    </span>
  );
}

/** One row of a Grid; its children are the cells. */
export function Row({
  children,
  highlight = false,
}: {
  children: ReactNode;
  highlight?: boolean;
}): ReactNode {
  return (
    <li className={clsx(styles.row, highlight && styles.highlight)}>
      {children}
    </li>
  );
}

/**
 * A label of the app drawn as text (a field's name, a menu item, a column
 * header): the build checks that src/data/app-labels.yaml declares it.
 */
export function Label({children}: {children: string}): ReactNode {
  return <span data-label="">{children}</span>;
}

/** Words for a screen reader only, where the drawing shows what they say. */
export function Unseen({children}: {children: ReactNode}): ReactNode {
  return <span className={styles.visuallyHidden}>{children}</span>;
}

/**
 * A drawn tick box: the box for the eye, and "Ticked:" or "Not ticked:" for
 * a screen reader, before the label it ticks.
 */
export function Tick({on}: {on: boolean}): ReactNode {
  return (
    <>
      <span aria-hidden="true">{on ? '☑' : '☐'} </span>
      <Unseen>{on ? 'Ticked: ' : 'Not ticked: '}</Unseen>
    </>
  );
}

/**
 * A value of the sample world (openapi/world/world.yaml), as the app shows
 * it: `of` is the fact's path (`ord_5Yc1Hd6.number`,
 * `var_3Tn8Wq1:wh_1Rk5Ds3.available`), `at` another moment of the world (a
 * time: the object as it is then), `format` how it is written (count, number, date, time,
 * money: an amount in pence as £149.00, or switch: true as On)
 * and `zone` the time zone of a date or time (the app shows the company's).
 * The build checks that the text is the world's; an object's id alone
 * (`of="ord_5Yc1Hd6"`, no children) draws the id.
 */
export function Fact({
  of,
  at,
  format,
  zone,
  children,
}: {
  of: string;
  at?: string;
  format?: 'count' | 'number' | 'date' | 'time' | 'money' | 'switch';
  zone?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <span
      data-world={of}
      data-world-at={at}
      data-world-format={format}
      data-world-zone={zone}>
      {children ?? of}
    </span>
  );
}

/**
 * A number of the product (src/data/product-numbers.yaml), as `<Limit>`
 * writes it on a page: with its unit, or `bare`, or in `format` (words, or a
 * date). The build checks that the text is the declared number.
 */
export function ProductNumber({
  name,
  bare = false,
  format,
  children,
}: {
  name: string;
  bare?: boolean;
  format?: 'words' | 'date';
  children: ReactNode;
}): ReactNode {
  return (
    <span
      data-number={name}
      data-number-bare={bare ? '' : undefined}
      data-number-format={format}>
      {children}
    </span>
  );
}

/**
 * A number that is neither the world's nor the product's (a count of
 * steps, a page number), with the reason the build accepts it. The build
 * refuses one that shows a value the world holds (figure-literals.ts), and
 * one whose why says it counts what the figure draws ("the rows drawn
 * below") unless it is computed from the drawn list: `{rows.length}`.
 */
export function Literal({
  why,
  children,
}: {
  why: string;
  children: ReactNode;
}): ReactNode {
  return <span data-literal={why}>{children}</span>;
}

/**
 * The query a screen is filtered with, as the app shows it: the build
 * checks that the figure draws the world's answer to it on `list` at `at`
 * (now if not given), every object of the list's kind the query matches
 * and no other (figure-queries.ts).
 */
export function Query({
  list,
  at,
  children,
}: {
  list: string;
  at?: string;
  children: string;
}): ReactNode {
  return (
    <code data-query={list} data-query-at={at}>
      {children}
    </code>
  );
}
