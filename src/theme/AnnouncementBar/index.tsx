// Wraps the announcement bar to fix two things readers meet: a new
// announcement stays hidden on its first load after an older one was closed
// (the theme's pre-hydration script hides the bar on any stored dismissal), and
// closing the bar drops keyboard focus on the page body.
import {useEffect, type MouseEvent, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
// The theme's own hook for the bar's state, as the original component uses it.
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Set on <html> by the theme before hydration; its CSS hides the bar when "true".
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

function focusNavbarAfterClose(event: MouseEvent<HTMLDivElement>): void {
  const closeButton = (event.target as Element).closest('button');
  if (!closeButton || !event.currentTarget.contains(closeButton)) {
    return;
  }
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('.navbar__brand')?.focus();
  });
}

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(
        initiallyDismissedAttribute,
        'false',
      );
    }
  }, [isActive]);

  return (
    // The bar's own close button is the interactive element (keyboard
    // included: Enter and Space fire click); this container only observes it.
    <div className={styles.contents} onClick={focusNavbarAfterClose}>
      <AnnouncementBar {...props} />
    </div>
  );
}
