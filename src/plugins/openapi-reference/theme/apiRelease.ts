// Links into the API section in the release the reader chose last with the navbar's picker.
import {useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';
import {
  apiDocsPluginId,
  apiReleases,
  latestRelease,
  releaseDocsPath,
} from '../releases';

const latestPrefix = `${releaseDocsPath(latestRelease)}/`;

/**
 * A link into the API section (`/docs/api/introduction#errors`) in the
 * release the reader chose last with the navbar's picker, kept by
 * Docusaurus as the `api` instance's preferred version; the latest when
 * they chose none. Links elsewhere are returned as they are.
 */
export function useApiReleaseLink(to: string): string {
  const {preferredVersion} = useDocsPreferredVersion(apiDocsPluginId);
  const release = apiReleases.find(
    (candidate) => candidate === preferredVersion?.name,
  );
  if (!release || release === latestRelease || !to.startsWith(latestPrefix)) {
    return to;
  }
  return `${releaseDocsPath(release)}/${to.slice(latestPrefix.length)}`;
}
