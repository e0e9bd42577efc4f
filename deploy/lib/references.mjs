// @ts-check
// What a build's files refer to, read as the browser and the server will:
// the pages its sitemap lists, the files each page loads (scripts,
// stylesheets, images, feeds, the Markdown copies), the files each
// stylesheet loads, the chunks the bundler's runtime loads later, and the
// search index the search code fetches. The deploy checks that each is in
// the build (deploy/lib/build.mjs); deploy/check-site.mjs asks a served copy
// for the same pages and files.
import {parse} from 'parse5';

/**
 * The addresses (paths from the host's root) of the pages a sitemap lists.
 * @param {string} sitemap The sitemap's XML.
 * @param {string} siteUrl The build's site URL (`url` in the config).
 */
export const sitemapPages = (sitemap, siteUrl) =>
  [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    (match[1] ?? '').replace(siteUrl.replace(/\/$/, ''), ''),
  );

/**
 * The site's own files a page refers to: src and href attributes (as the
 * HTML parser reads them) under the base path that name a file.
 * @param {string} html
 * @param {string} baseUrl
 */
export function pageResources(html, baseUrl) {
  /** @type {string[]} */
  const found = [];
  /** @param {import('parse5').DefaultTreeAdapterMap['parentNode']} node */
  const walk = (node) => {
    for (const child of node.childNodes ?? []) {
      if ('attrs' in child) {
        for (const {name, value} of child.attrs) {
          const address = value.split(/[?#]/)[0] ?? '';
          if (
            (name === 'src' || name === 'href') &&
            address.startsWith(baseUrl) &&
            /\.\w+$/.test(address)
          ) {
            found.push(address);
          }
        }
      }
      if ('childNodes' in child) {
        walk(child);
      }
      if ('content' in child) {
        walk(child.content);
      }
    }
  };
  walk(parse(html));
  return found;
}

/**
 * The site's own files a stylesheet loads (`url(...)`, fonts and images),
 * as addresses, resolved against the stylesheet's own address.
 * @param {string} css
 * @param {string} cssAddress
 * @param {string} baseUrl
 */
export function styleResources(css, cssAddress, baseUrl) {
  return [...css.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)]
    .map((match) => match[2] ?? '')
    .filter((target) => !/^(data:|[a-z]+:\/\/|#)/i.test(target))
    .map(
      (target) => new URL(target, `https://site.invalid${cssAddress}`).pathname,
    )
    .filter((address) => address.startsWith(baseUrl));
}

/**
 * The chunks the bundler's runtime loads on demand (each route's
 * components, the search code, and the stylesheets that travel with a
 * route's chunk, src/plugins/figure-styles), as paths inside the build.
 * Rspack and webpack name them in the runtime chunk: scripts as
 * `"assets/js/" + (({id: name})[id] || id) + "." + ({id: hash})[id] + ".js"`,
 * stylesheets as `"assets/css/" + ({id: name})[id] + "." + ({id: hash})[id]
 * + ".css"`. Returns undefined when the runtime names no scripts that way
 * (another bundler or a new release of it): the caller says so rather than
 * let a chunk go unchecked.
 * @param {string} runtime The runtime chunk's code.
 */
export function runtimeChunks(runtime) {
  const maps = [
    ...runtime.matchAll(
      /"(assets\/(?:js|css)\/)"\+\(?\((\{[^}]*\})\)\[(\w+)\](?:\|\|\3\))?\+"\."\+\((\{[^}]*\})\)\[\3\]\+"(\.(?:js|css))"/g,
    ),
  ];
  if (!maps.some((map) => map[5] === '.js')) {
    return undefined;
  }
  /** @param {string} text */
  const entries = (text) =>
    new Map(
      [...text.matchAll(/(\w+):"([^"]*)"/g)].map((entry) => [
        entry[1] ?? '',
        entry[2] ?? '',
      ]),
    );
  return maps.flatMap(
    ([, folder, namesText = '', , hashesText = '', extension]) => {
      const names = entries(namesText);
      return [...entries(hashesText)].map(
        ([id, hash]) => `${folder}${names.get(id) ?? id}.${hash}${extension}`,
      );
    },
  );
}

/**
 * The search indexes the local search's code names, as paths inside the
 * build: @easyops-cn/docusaurus-search-local names them
 * `search-index{dir}-<hash>.json`, `{dir}` empty for the site's one index.
 * The site reads each in pieces, from the folder of the same name
 * (`searchIndexPieces`).
 * @param {string} code A script of the build.
 */
export const searchIndexes = (code) =>
  [...code.matchAll(/search-index\{dir\}-([0-9a-f]+)\.json/g)].map(
    (match) => `search-index-${match[1]}.json`,
  );

/** The manifest of an index's pieces, inside its folder. */
export const searchManifest = 'manifest.json';

/**
 * The pieces of a search index its manifest names
 * (scripts/lib/search-shards.mjs), as names inside the index's folder, or
 * undefined when the manifest does not read as one.
 * @param {string} manifest The manifest's JSON.
 */
export function searchIndexPieces(manifest) {
  /** @type {{shardStarts?: unknown, texts?: unknown}} */
  let parsed;
  try {
    parsed = JSON.parse(manifest);
  } catch {
    return undefined;
  }
  const {shardStarts, texts} = parsed;
  if (!Array.isArray(shardStarts) || !Number.isInteger(texts)) {
    return undefined;
  }
  return [
    ...shardStarts.map((_, index) => `terms-${index}.json`),
    ...Array.from({length: Number(texts)}, (_, index) => `text-${index}.json`),
  ];
}
