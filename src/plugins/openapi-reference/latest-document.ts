/**
 * What the latest release's OpenAPI document (openapi/openapi.yaml) declares
 * that code needs before the API model loads, read from it once: which
 * release it is (`info.version`, the latest release) and where the API
 * answers (`servers`: their hosts, and the path they share, `/v1`). Node
 * only; the pages' client code reads the releases from the docs plugin.
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
  servers?: {url?: unknown}[];
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

const servers = (root.servers ?? []).map(({url}) => new URL(String(url)));
const paths = [...new Set(servers.map((server) => server.pathname))];
if (paths.length !== 1) {
  throw new Error(
    `${shown}: servers must share one path (such as /v1); they have ${paths.join(', ') || 'none'}.`,
  );
}
/** The hosts the API answers on (production and sandbox). */
export const apiHosts: readonly string[] = servers.map((server) => server.host);
/** The production server's origin (`https://api.example.com`). */
export const apiOrigin = servers[0]!.origin;
/**
 * The sandbox server's address, its path included
 * (`https://sandbox.api.example.com/v1`): the server whose address names the
 * sandbox, as the samples pick it. Try it sends there unless the site is
 * built with SANDBOX_API_URL (docusaurus.config.ts).
 */
const sandboxServer = (root.servers ?? []).find(({url}) =>
  String(url).includes('sandbox'),
);
if (!sandboxServer) {
  throw new Error(
    `${shown}: servers name no sandbox (a server whose address holds "sandbox"), which the samples and Try it send to.`,
  );
}
export const apiSandboxUrl = String(sandboxServer.url);
/** The path every API address starts with, without a trailing slash: `/v1`. */
export const apiPathPrefix = paths[0]!.replace(/\/$/, '');

/**
 * An address's path after `/v1` (`/v1/orders` → `/orders`), or the address
 * as it is when it does not start with it.
 */
export const withoutApiPrefix = (address: string) =>
  address.startsWith(`${apiPathPrefix}/`)
    ? address.slice(apiPathPrefix.length)
    : address;
