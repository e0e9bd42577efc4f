import type {ReactNode} from 'react';
import AppFigure, {Control, Label, Literal, Marker} from '../AppFigure';
import styles from './styles.module.css';

/**
 * The Orders grid with its Views menu open (the views guide): the shared
 * view of the worked example, "Orders waiting more than 2 days", open and
 * edited, as Priya Shah, an admin of Northwind Outfitters, sees the menu.
 */

const waiting = (
  <>
    Orders waiting more than{' '}
    <Literal why="part of the view's name, which the reader chose in the worked example">
      2
    </Literal>{' '}
    days
  </>
);

export default function ViewsMenuFigure(): ReactNode {
  return (
    <AppFigure
      name="ViewsMenuFigure"
      screen={['Orders']}
      caption={
        <>
          The Orders grid with the <strong>Views</strong> menu open. The shared
          view Orders waiting more than{' '}
          <Literal why="part of the view's name, which the reader chose in the worked example">
            2
          </Literal>{' '}
          days is open and shows <strong>Edited</strong>, because its sort was
          changed and not saved.
        </>
      }
      notes={[
        <>
          The <strong>Views</strong> menu shows the current view&apos;s name;{' '}
          <strong>Edited</strong> marks unsaved changes, and{' '}
          <strong>Reset</strong> drops them.
        </>,
        <>
          <strong>Columns</strong>, <strong>Sort</strong>,{' '}
          <strong>Group</strong> and <strong>Filter</strong> change the grid;
          switch on <strong>Advanced query</strong>, next to{' '}
          <strong>Filter</strong>, to type the filter.
        </>,
        <>
          The built-in <strong>All orders</strong>, your private views, then the
          views under <strong>Shared</strong>.
        </>,
        <>
          <strong>Save</strong> keeps the changes in this view;{' '}
          <strong>Save as new view</strong> keeps them as a view of your own.
        </>,
        <>
          <strong>Set as my default</strong> opens the grid with this view for
          you; <strong>Set as company default</strong> (owners and admins) for
          everyone without a default of their own.
        </>,
      ]}>
      <div className={styles.toolbar}>
        <span className={styles.group}>
          <span className={styles.viewButton}>
            <span>{waiting}</span>
            <span aria-hidden="true">▾</span>
          </span>
          <Label>Edited</Label>
          <Control>Reset</Control>
          <Marker n={1} />
        </span>
        <span className={styles.group}>
          <Marker n={2} />
          <Control>Columns</Control>
          <Control>Sort</Control>
          <Control>Group</Control>
          <Control>Filter</Control>
          <Control>Advanced query</Control>
        </span>
      </div>
      <div className={styles.menu} role="group" aria-label="Views menu">
        <ul className={styles.items} aria-label="Views">
          <li>
            <Label>All orders</Label>
            <Marker n={3} />
          </li>
          <li className={styles.heading}>
            <Label>Shared</Label>
          </li>
          <li className={styles.current}>
            <span aria-hidden="true">✓&nbsp;</span>
            <span>{waiting}</span>
          </li>
        </ul>
        <ul className={styles.items} aria-label="Actions">
          <li>
            <Label>Save</Label>
            <Marker n={4} />
          </li>
          <li>
            <Label>Save as new view</Label>
          </li>
          <li>
            <Label>Rename</Label>
          </li>
          <li>
            <Label>Duplicate</Label>
          </li>
          <li>
            <Label>Make private</Label>
          </li>
          <li>
            <Label>Delete</Label>
          </li>
        </ul>
        <ul className={styles.items} aria-label="Defaults">
          <li>
            <Label>Set as my default</Label>
            <Marker n={5} />
          </li>
          <li>
            <Label>Set as company default</Label>
          </li>
          <li>
            <Label>Clear my default</Label>
          </li>
        </ul>
      </div>
    </AppFigure>
  );
}
