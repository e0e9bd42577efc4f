// Where the build puts each operation's Try it module and each release's sample world: read by the build, which emits them, and by the form, which loads them.

/**
 * What the build writes of the modules (openapi-reference/try-it.ts), for
 * the form: their folder under the site's base URL, each module's content
 * hash by release and operationId, and each release's world's; and the
 * latest release, whose pages are the API section's current version (an
 * older release's version is named after it).
 */
export interface TryItManifest {
  folder: string;
  latest: string;
  modules: Record<string, Record<string, string>>;
  worlds: Record<string, string>;
}

/** A module's file under the site's base URL: `<folder>/2023-07/createOrder.<hash>.js`. */
export const tryItModuleFile = (
  folder: string,
  release: string,
  operationId: string,
  hash: string,
) => `${folder}/${release}/${operationId}.${hash}.js`;

/** A release's sample world under the site's base URL: `<folder>/2023-07/world.<hash>.json`. */
export const tryItWorldFile = (folder: string, release: string, hash: string) =>
  `${folder}/${release}/world.${hash}.json`;
