// Links into the API section in the release the reader chose last with the navbar's picker.
import {useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';
import {
  apiDocsPath,
  apiDocsPluginId,
  olderReleaseDocsPath,
} from '../api-section';

const latestPrefix = `${apiDocsPath}/`;

/**
 * A link into the API section (`/docs/api/introduction#errors`) in the
 * release the reader chose last with the navbar's picker, kept by
 * Docusaurus as the `api` instance's preferred version; the latest when
 * they chose none. Links elsewhere are returned as they are.
 */
export function useApiReleaseLink(to: string): string {
  // An older release's version is named after it; the latest's is `current`.
  const {preferredVersion} = useDocsPreferredVersion(apiDocsPluginId);
  if (
    !preferredVersion ||
    preferredVersion.isLast ||
    !to.startsWith(latestPrefix)
  ) {
    return to;
  }
  return `${olderReleaseDocsPath(preferredVersion.name)}/${to.slice(latestPrefix.length)}`;
}
