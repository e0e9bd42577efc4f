import type {ComponentProps, ReactNode} from 'react';
import {useActiveDocContext} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import {isSitePath} from '@site/src/lib/siteRoutes';
import DocsVersionDropdownNavbarItem from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';

type Props = ComponentProps<typeof DocsVersionDropdownNavbarItem>;

/**
 * Docusaurus' version dropdown for the API section, rendered only while the
 * reader is on an API page: the guides have one version and no picker.
 * Choosing a release opens the same page in it and stores the choice as the
 * preferred version, which the navbar's "API Documentation" link follows.
 */
export default function ApiReleaseDropdown({
  // A custom navbar item gets no defaults from the theme's config schema.
  dropdownItemsBefore = [],
  dropdownItemsAfter = [],
  ...props
}: Props): ReactNode {
  // On an API page only. An unknown address under /docs/api (a wrong case
  // included, which the client router would match) is the not-found page,
  // rendered by the server without the picker.
  const {activeDoc} = useActiveDocContext(props.docsPluginId);
  const {pathname} = useLocation();
  if (!activeDoc || !isSitePath(pathname)) {
    return null;
  }
  return (
    <DocsVersionDropdownNavbarItem
      dropdownItemsBefore={dropdownItemsBefore}
      dropdownItemsAfter={dropdownItemsAfter}
      {...props}
    />
  );
}
