// Wraps the announcement bar to fix two things readers meet: a new
// announcement stays hidden on its first load after an older one was closed
// (the theme's pre-hydration script hides the bar on any stored dismissal), and
// closing the bar drops keyboard focus on the page body.
import {useEffect, type MouseEvent, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {createStorageSlot, useThemeConfig} from '@docusaurus/theme-common';
import styles from './styles.module.css';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Set on <html> by the theme before hydration; its CSS hides the bar when "true".
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

// The id of the announcement the reader last saw, in the theme's own storage
// slot (the key the theme and its pre-hydration script use, namespaced).
const seenIdSlot = createStorageSlot('docusaurus.announcement.id');

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
  const {announcementBar} = useThemeConfig();
  const id = announcementBar?.id;
  // Runs before the theme's provider records the new id (a parent's effects
  // run after its children's), so the stored id is still the old one.
  useEffect(() => {
    if (id !== undefined && seenIdSlot.get() !== id) {
      document.documentElement.setAttribute(
        initiallyDismissedAttribute,
        'false',
      );
    }
  }, [id]);

  return (
    // The bar's own close button is the interactive element (keyboard
    // included: Enter and Space fire click); this container only observes it.
    <div className={styles.contents} onClick={focusNavbarAfterClose}>
      <AnnouncementBar {...props} />
    </div>
  );
}
