// Wraps the announcement bar so that closing it moves keyboard focus to the
// navbar instead of dropping it on the page body with the removed button.
import type {MouseEvent, ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof AnnouncementBarType>;

function focusNavbarAfterClose(event: MouseEvent<HTMLDivElement>): void {
  const closeButton = (event.target as Element).closest('button');
  if (!closeButton || !event.currentTarget.contains(closeButton)) {
    return;
  }
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('.navbar a, .navbar button')?.focus();
  });
}

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  return (
    // The bar's own close button is the interactive element (keyboard
    // included: Enter and Space fire click); this container only observes it.
    <div className={styles.contents} onClick={focusNavbarAfterClose}>
      <AnnouncementBar {...props} />
    </div>
  );
}
