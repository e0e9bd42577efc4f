/**
 * What the latest release's OpenAPI document (openapi/openapi.yaml) declares
 * that code needs before the API model loads, read from it once: which
 * release it is (`info.version`, the latest release). Node only; the pages'
 * client code reads the releases from the docs plugin.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** Where the spec lives, relative to the site, and its root file. */
export const specFolder = 'openapi';
export const rootFileName = 'openapi.yaml';

const file = path.join(__dirname, '..', '..', '..', specFolder, rootFileName);
const shown = path.join(specFolder, rootFileName);

interface RootFacts {
  info?: {version?: unknown};
}

const root = yaml.load(readFileSync(file, 'utf8')) as RootFacts;

const release = root.info?.version;
if (typeof release !== 'string' || !/^\d{4}-\d{2}$/.test(release)) {
  throw new Error(
    `${shown}: info.version ${String(release)} is not an API release (YYYY-MM).`,
  );
}
/** The latest release: the document's `info.version`. */
export const latestDocumentRelease: string = release;
