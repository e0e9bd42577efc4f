/**
 * The suffix Docusaurus adds to every browser storage key of the site
 * (`storage.namespace` in the config), whatever the site's URL: declared
 * once, for the config and for the site's own keys.
 */
export const storageNamespace = 'ih-help';

/** A storage key of the site's own, suffixed as Docusaurus suffixes its keys (`theme-ih-help`). */
export const siteStorageKey = (key: string) => `${key}-${storageNamespace}`;
