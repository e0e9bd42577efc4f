/**
 * The API's dated releases, chosen per request with `Hub-Version`. The
 * latest is what `openapi/` describes and what the reference shows at
 * `/docs/api/<name>`; each older release is the latest document with an
 * OpenAPI Overlay applied (`openapi/overlays/<release>.yaml`), shown at
 * `/docs/api/<release>/<name>` from its own snapshot of the pages' prose
 * (`api_versioned_docs/version-<release>/`).
 */
import olderReleaseList from '../../../api_versions.json';
import {
  apiDocsPath,
  apiVersionedDocsFolder,
  olderReleaseDocsPath,
} from './api-section';
import {latestDocumentRelease} from './latest-document';

export type ApiRelease = string;

/** The latest release: the one openapi/openapi.yaml's `info.version` names. */
export const latestRelease: ApiRelease = latestDocumentRelease;

/**
 * The releases the reference still shows that are not the latest, newest
 * first: Docusaurus' own list of the API section's versions, which
 * `docusaurus docs:version:api <release>` extends. Each needs its overlay
 * (checked when the API model loads).
 */
export const olderReleases: readonly ApiRelease[] = olderReleaseList;

/** Every release, newest first. */
export const apiReleases: readonly ApiRelease[] = [
  latestRelease,
  ...olderReleases,
];

/** The published copies of the latest document, at the site root (`/help/openapi.yaml`). */
export const publishedSpecFiles = {yaml: 'openapi.yaml', json: 'openapi.json'};

/** Each release's document, at `/help/openapi/<release>.yaml` (and `.json`). */
export const releaseSpecFolder = 'openapi';
export const releaseSpecFiles = (release: ApiRelease) => ({
  yaml: `${releaseSpecFolder}/${release}.yaml`,
  json: `${releaseSpecFolder}/${release}.json`,
});

/**
 * The release whose published document a site address (`/openapi.yaml`,
 * `/openapi/2023-01.json`) is, if it is one.
 */
export function documentRelease(address: string): ApiRelease | undefined {
  const file = address.replace(/^\//, '');
  if (Object.values(publishedSpecFiles).includes(file)) {
    return latestRelease;
  }
  return apiReleases.find((release) =>
    Object.values(releaseSpecFiles(release)).includes(file),
  );
}

/** The header that chooses a release. */
export const releaseHeader = 'Hub-Version';

/** Where the API section's pages are (client-safe, in api-section.ts). */
export {
  apiDocsFolder,
  apiDocsPath,
  apiDocsPluginId,
  apiRouteBasePath,
  apiVersionedDocsFolder,
} from './api-section';

/**
 * The release a Markdown file of the API section documents, from where it
 * is: a snapshot under `api_versioned_docs/version-<release>/`, or the
 * latest (the guides and `docs/api/`).
 */
export function releaseOfFile(file: string | undefined): ApiRelease {
  const match = new RegExp(
    `${apiVersionedDocsFolder}[\\\\/]version-([^\\\\/]+)[\\\\/]`,
  ).exec(file ?? '');
  if (!match) {
    return latestRelease;
  }
  const release = apiReleases.find((candidate) => candidate === match[1]);
  if (!release) {
    throw new Error(`${file}: ${match[1]} is not a release of the API.`);
  }
  return release;
}

/** The address prefix of a release's pages, under the site's base URL. */
export const releaseDocsPath = (release: ApiRelease) =>
  release === latestRelease ? apiDocsPath : olderReleaseDocsPath(release);

/**
 * API pages of the latest release only, which older releases link to as
 * they are: the changelog says what the latest changed.
 */
export const latestOnlyPages = ['changelog'];
