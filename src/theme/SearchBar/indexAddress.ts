// cspell:words easyops
// Where a search context's index pieces are: the folder named after the
// theme's index file (scripts/lib/search-shards.mjs), under the version's
// address. The page fetches its manifest, the worker its other pieces.
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

/** The manifest's name in an index folder. */
export const manifestName = 'manifest.json';

/**
 * The folder of a context's index pieces, on this site only.
 * @param baseUrl the version's address: the site's base URL, or an older
 *   API release's folder
 */
export function indexFolder(
  baseUrl: string,
  searchContext: string,
  origin: string,
): URL {
  const file = searchIndexUrl.replace(
    '{dir}',
    searchContext ? `-${searchContext.replace(/\//g, '-')}` : '',
  );
  const folder = new URL(`${baseUrl}${file.replace(/\.json$/, '')}/`, origin);
  // The index comes from this site only.
  if (folder.origin !== origin) {
    throw new Error(`Unexpected search index address ${folder.href}`);
  }
  return folder;
}
