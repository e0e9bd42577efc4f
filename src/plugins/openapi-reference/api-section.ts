/**
 * Where the API section's pages are: the docs plugin instance, its folders
 * and its address under the guides' `/docs/`. No Node code, so the pages'
 * client code (src/plugins/openapi-reference/theme/apiRelease.ts) can import it.
 */

/**
 * The docs plugin instance of the API section: its pages' folder (outside
 * docs/, whose MDX loader would compile them a second time) and its
 * address, under the guides' `/docs/`.
 */
export const apiDocsPluginId = 'api';
export const apiDocsFolder = 'api';
export const apiRouteBasePath = 'docs/api';
/** The latest release's pages, under the site's base URL (`/docs/api/order`). */
export const apiDocsPath = `/${apiRouteBasePath}`;
/** Where Docusaurus keeps an older release's snapshot of the API pages. */
export const apiVersionedDocsFolder = `${apiDocsPluginId}_versioned_docs`;

/** The address prefix of an older release's pages (`/docs/api/2023-01`). */
export const olderReleaseDocsPath = (release: string) =>
  `${apiDocsPath}/${release}`;
