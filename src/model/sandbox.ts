// The sandbox "Try it" sends to with the reader's test key, set when the
// site is built: the deployer's SANDBOX_API_URL, or the document's sandbox
// server. docusaurus.config.ts reads the variable once, through this check.
import {AuthoringError} from './authoringError';
import {isSandboxOrigin} from './deployment-facts.mjs';

/** The environment variable that sets the sandbox. */
export const sandboxVariable = 'SANDBOX_API_URL';

/** `path` without its trailing slash (`/` stays). */
const trimmed = (path: string) =>
  path.length > 1 ? path.replace(/\/$/, '') : path;

/**
 * What is wrong with `value` as the sandbox's base URL, if anything: it must
 * be an absolute http(s) URL whose path ends in the API's prefix (`/v1`),
 * with no user name, password, query or fragment, and a host the
 * policy's `connect-src` can name.
 */
function mistake(value: string, prefix: string): string | undefined {
  if (!URL.canParse(value)) {
    return 'that is not an absolute URL';
  }
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `its scheme is ${url.protocol.replace(/:$/, '')}, not http or https`;
  }
  if (url.username || url.password) {
    return 'it holds a user name or password';
  }
  if (url.search || url.hash || value.includes('?') || value.includes('#')) {
    return 'it has a query or fragment';
  }
  if (!isSandboxOrigin(url.origin)) {
    return `a Content-Security-Policy cannot name its host ${url.host} (a domain name or IPv4 address)`;
  }
  if (!trimmed(url.pathname).endsWith(prefix)) {
    return `its path ${url.pathname} does not end in the API's ${prefix}`;
  }
  return undefined;
}

/** `value` as a message may show it: never a password a URL holds. */
function shown(value: string): string {
  if (!URL.canParse(value)) {
    return value;
  }
  const url = new URL(value);
  if (!url.username && !url.password) {
    return value;
  }
  url.username = '';
  url.password = '';
  return url.href.replace('//', '//…@');
}

/**
 * The base URL, the API's prefix included and without a trailing slash,
 * that Try it sends to: `value` (SANDBOX_API_URL) when it is set and not
 * empty, else `documentSandbox`, the OpenAPI document's sandbox server.
 * A malformed value stops the build with one line saying what to set.
 */
export function checkedSandboxApiUrl(
  value: string | undefined,
  documentSandbox: string,
): string {
  const prefix = trimmed(new URL(documentSandbox).pathname);
  const given = value?.trim() ?? '';
  if (given === '') {
    return trimmed(documentSandbox);
  }
  const wrong = mistake(given, prefix);
  if (wrong) {
    throw new AuthoringError('A build setting is wrong', [
      `${sandboxVariable} is "${shown(given)}": ${wrong}. Set it to your sandbox's absolute http(s) URL ending in ${prefix}, such as ${trimmed(documentSandbox)}, or leave it unset for that one, the document's sandbox.`,
    ]);
  }
  const url = new URL(given);
  return `${url.origin}${trimmed(url.pathname)}`;
}
