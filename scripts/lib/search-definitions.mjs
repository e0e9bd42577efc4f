// Makes search land on API definitions. The local search indexes headings
// (h1-h3) and the text under them; a field of the API reference is a list
// item, not a heading, so a query such as `tracking_number` found the field
// only inside the long text of "The dispatch object", ranked below shorter
// guide sections that mention it. This adds each field, parameter and enum
// value of the API pages to the index's headings, pointing at the field's
// own anchor, so such a query opens the definition first. The index stays
// one lazily fetched file, offline. Terms that the API introduction defines
// in prose (the list envelope's `next_cursor`) point at their section.
import {existsSync} from 'node:fs';
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import lunr from 'lunr';

/** The index's document types, in the order of its arrays (the plugin's own). */
const headingType = 1;

/** The start of a field item as the reference renders it (quotes optional). */
const fieldStart = /<li class="?api-field"? id="?([^"\s>]+)"?>/g;
const namePattern = /<code class="?api-field__name"?>([^<]+)<\/code>/;
/**
 * Its description, up to the next element that is not part of it (the
 * minified HTML leaves out optional end tags such as </p>).
 */
const descriptionPattern =
  /<p class="?api-field__description"?>(.*?)(?:<details|<li|<\/li>|<\/ul>|$)/;
/** Enum values in a description: "One of: <code>a</code>, <code>b</code>." */
const enumListPattern = /One of: ((?:<code>[^<]*<\/code>(?:, )?)+)/;

function enumValues(description) {
  const list = enumListPattern.exec(description ?? '')?.[1] ?? '';
  return [...list.matchAll(/<code>([^<]+)<\/code>/g)].map((match) => match[1]);
}

/** How much an object's field outranks a body field or parameter of the same name. */
const objectFieldBoost = 2;

/** The definitions on one API page: each term once, at its first anchor. */
export function definitionsOf(html) {
  const starts = [...html.matchAll(fieldStart)];
  const seen = new Map();
  starts.forEach((start, index) => {
    const item = html.slice(
      start.index + start[0].length,
      starts[index + 1]?.index ?? html.length,
    );
    const name = namePattern.exec(item)?.[1];
    if (!name) {
      return;
    }
    const description = descriptionPattern.exec(item)?.[1];
    for (const term of [name, ...enumValues(description)]) {
      if (!seen.has(term)) {
        seen.set(term, start[1]);
      }
    }
  });
  return [...seen].map(([term, id]) => ({
    term,
    hash: `#${id}`,
    // An object's own field is the definition; a request body field or a
    // parameter of the same name comes second.
    boost: id.includes('-object-') ? objectFieldBoost : 1,
  }));
}

/**
 * Terms the API introduction defines in its prose rather than in a schema:
 * the list envelope and its parameters, which every list shares. A search
 * for one opens the section that explains it. The page is named by its
 * folder under docs/api and the section by its heading's anchor.
 */
export const proseDefinitions = [
  {
    page: 'introduction',
    section: 'pagination',
    terms: ['next_cursor', 'has_more', 'cursor', 'limit'],
  },
];

/**
 * The definitions of `page` that `proseDefinitions` lists, at their
 * section's anchor. Each term must be in the section's first paragraph, as
 * code, so a rewrite that moves one fails the build instead of search
 * quietly pointing at the wrong place.
 */
export function proseDefinitionsOf(page, html) {
  return proseDefinitions
    .filter((definition) => definition.page === page)
    .flatMap(({section, terms}) => {
      const heading = new RegExp(`<h[23][^>]* id="?${section}"?[ >]`).exec(
        html,
      );
      const paragraph = heading
        ? /<p>(.*?)(?:<\/p>|<p>|<div|<h\d)/s.exec(html.slice(heading.index))
        : null;
      if (!paragraph) {
        throw new Error(
          `search definitions: docs/api/${page} has no section #${section} with a paragraph.`,
        );
      }
      const missing = terms.filter(
        (term) => !paragraph[1].includes(`<code>${term}</code>`),
      );
      if (missing.length > 0) {
        throw new Error(
          `search definitions: the first paragraph of docs/api/${page}#${section} no longer names ${missing.join(', ')}.`,
        );
      }
      return terms.map((term) => ({
        term,
        hash: `#${section}`,
        boost: objectFieldBoost,
      }));
    });
}

/** The API pages in a folder: its sub-folders that hold a page. */
async function apiPages(apiDir) {
  const entries = await readdir(apiDir, {withFileTypes: true});
  const pages = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const file = path.join(apiDir, entry.name, 'index.html');
        return existsSync(file)
          ? [{name: entry.name, html: await readFile(file, 'utf8')}]
          : [];
      }),
  );
  return pages.flat();
}

/**
 * Where the search indexes are and which API pages each serves: the root
 * index holds the latest release's pages (`docs/api/<name>`); an older
 * release's pages (`docs/api/<release>/<name>`) have their own index in
 * their folder, which the search box loads on those pages.
 */
async function indexFolders(buildDir) {
  const apiDir = path.join(buildDir, 'docs', 'api');
  const entries = await readdir(apiDir, {withFileTypes: true});
  const releases = entries.filter(
    (entry) =>
      entry.isDirectory() &&
      !existsSync(path.join(apiDir, entry.name, 'index.html')),
  );
  return [
    {indexDir: buildDir, apiDir, route: 'docs/api'},
    ...releases.map((release) => ({
      indexDir: path.join(apiDir, release.name),
      apiDir: path.join(apiDir, release.name),
      route: `docs/api/${release.name}`,
    })),
  ];
}

/** The heading index rebuilt as the search plugin builds it (lunr, English). */
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

/** Adds the API definitions to every local search index in `buildDir`. */
export async function addSearchDefinitions(buildDir, basePath) {
  let added = 0;
  for (const folder of await indexFolders(buildDir)) {
    added += await addToIndexes(folder, basePath);
  }
  return added;
}

/** Adds one folder's API definitions to the search indexes in it. */
async function addToIndexes({indexDir, apiDir, route}, basePath) {
  const indexFiles = (await readdir(indexDir)).filter((name) =>
    /^search-index.*\.json$/.test(name),
  );
  if (indexFiles.length === 0) {
    return 0;
  }
  const pages = await apiPages(apiDir);
  let added = 0;
  for (const file of indexFiles) {
    const indexes = JSON.parse(
      await readFile(path.join(indexDir, file), 'utf8'),
    );
    let nextId =
      Math.max(...indexes.flatMap(({documents}) => documents.map(({i}) => i))) +
      1;
    const headings = indexes[headingType].documents;
    const boosts = new Map();
    for (const {name, html} of pages) {
      const url = `${basePath}${route}/${name}`;
      const page = indexes[0].documents.find((document) => document.u === url);
      if (!page) {
        continue;
      }
      for (const {term, hash, boost} of [
        ...proseDefinitionsOf(name, html),
        ...definitionsOf(html),
      ]) {
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
