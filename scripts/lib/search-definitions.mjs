// @ts-check
// Makes search land on API definitions. The local search indexes headings
// (h1-h3) and the text under them; a field of the API reference is a list
// item, not a heading, so a query such as `tracking_number` found the field
// only inside the long text of "The dispatch object", ranked below shorter
// guide sections that mention it. This adds each field, parameter and enum
// value of the API pages to the index's headings, pointing at the field's
// own anchor, so such a query opens the definition first. The definitions
// come from the API model (scripts/lib/api-definitions.ts: each release's
// document rendered by the reference's own renderer), not from the built
// HTML. The index stays one lazily fetched file, offline.
//
// It also drops repeated items from each page's breadcrumb in the index
// ("API Documentation › API Documentation › …"): the navbar item and the
// sidebar category of a section have the same name.
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import jitiFactory from 'jiti';
import lunr from 'lunr';

const jiti = jitiFactory(import.meta.url, {interopDefault: true});
// jiti returns what it loads untyped; these are the modules' own types.
const {releaseDefinitions} =
  /** @type {typeof import('./api-definitions.ts')} */ (
    jiti('./api-definitions.ts')
  );
const {apiReleases, latestRelease, releaseDocsPath} =
  /** @type {typeof import('../../src/plugins/openapi-reference/releases.ts')} */ (
    jiti('../../src/plugins/openapi-reference/releases.ts')
  );

/** @typedef {import('../../src/theme/SearchBar/searchIndex.ts').SearchDocument} SearchDocument */
/** @typedef {import('./search-findability.ts').IndexFile} IndexFile */

/**
 * A folder of the build holding search indexes, and the release whose API
 * pages they serve, under `route` (without the leading `/`).
 * @typedef {object} IndexFolder
 * @property {import('../../src/plugins/openapi-reference/releases.ts').ApiRelease} release
 * @property {string} route
 * @property {string} indexDir
 */

/** The index's document types, in the order of its arrays (the plugin's own). */
const titleType = 0;
const headingType = 1;

/**
 * Where the search indexes are and which release's API pages each serves:
 * the root index holds the latest release's pages (`docs/api/<name>`); an
 * older release's pages (`docs/api/<release>/<name>`) have their own index
 * in their folder, which the search box loads on those pages.
 * @param {string} buildDir
 * @returns {IndexFolder[]}
 */
export function indexFolders(buildDir) {
  return apiReleases.map((release) => {
    const route = releaseDocsPath(release).replace(/^\//, '');
    return {
      release,
      route,
      indexDir:
        release === latestRelease ? buildDir : path.join(buildDir, route),
    };
  });
}

/**
 * A breadcrumb without an item that repeats the one before it.
 * @param {string[]} items
 * @returns {string[]}
 */
export const withoutRepeats = (items) =>
  items.filter((item, index) => item !== items[index - 1]);

/**
 * The heading index rebuilt as the search plugin builds it (lunr, English).
 * @param {SearchDocument[]} documents
 * @param {Map<number, number>} boosts each document's boost, by its id
 * @returns {import('lunr').Index}
 */
function headingIndex(documents, boosts) {
  return lunr(function build() {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    documents.forEach((document) =>
      this.add(
        {...document, i: String(document.i)},
        {boost: boosts.get(document.i) ?? 1},
      ),
    );
  });
}

/**
 * Adds the API definitions to every local search index in `buildDir`, and
 * removes repeats from its breadcrumbs. `siteDir` holds the sources.
 * @param {string} buildDir
 * @param {string} basePath the site's base URL, with its trailing `/`
 * @param {string} siteDir
 * @returns {Promise<number>} how many definitions were added
 */
export async function addSearchDefinitions(buildDir, basePath, siteDir) {
  let added = 0;
  for (const folder of indexFolders(buildDir)) {
    added += await addToIndexes(folder, basePath, siteDir);
  }
  return added;
}

/**
 * Adds one release's API definitions to the search indexes of its folder.
 * @param {IndexFolder} folder
 * @param {string} basePath
 * @param {string} siteDir
 * @returns {Promise<number>}
 */
async function addToIndexes({release, route, indexDir}, basePath, siteDir) {
  const indexFiles = (await readdir(indexDir)).filter((name) =>
    /^search-index.*\.json$/.test(name),
  );
  if (indexFiles.length === 0) {
    return 0;
  }
  const pages = await releaseDefinitions(siteDir, release);
  let added = 0;
  for (const file of indexFiles) {
    /** @type {IndexFile} */
    const indexes = JSON.parse(
      await readFile(path.join(indexDir, file), 'utf8'),
    );
    for (const document of indexes[titleType].documents) {
      if (document.b) {
        document.b = withoutRepeats(document.b);
      }
    }
    let nextId =
      Math.max(...indexes.flatMap(({documents}) => documents.map(({i}) => i))) +
      1;
    const headings = indexes[headingType].documents;
    /** @type {Map<number, number>} */
    const boosts = new Map();
    for (const {page: name, definitions} of pages) {
      const url = `${basePath}${route}/${name}`;
      const page = indexes[titleType].documents.find(
        (document) => document.u === url,
      );
      if (!page) {
        throw new Error(
          `search definitions: ${file} has no page ${url} for its ${definitions.length} API definitions.`,
        );
      }
      for (const {term, hash, boost} of definitions) {
        headings.push({i: nextId, t: term, u: url, h: hash, p: page.i});
        boosts.set(nextId, boost);
        nextId += 1;
        added += 1;
      }
    }
    indexes[headingType].index = headingIndex(headings, boosts);
    await writeFile(path.join(indexDir, file), JSON.stringify(indexes));
  }
  return added;
}
