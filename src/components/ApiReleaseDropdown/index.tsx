import type {ComponentProps, ReactNode} from 'react';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';
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
  const activePlugin = useActivePlugin();
  if (activePlugin?.pluginId !== props.docsPluginId) {
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
