// @ts-check
// What the host serves, recorded in <root>/host.json by the first deploy:
// the site URL, the base path and the search backend. Every build must
// match it. It is read and written only under the root's lock, so two first
// deploys for different hosts cannot both record theirs.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {defaultBaseUrl} from '../../src/model/deployment-facts.mjs';
import {DeployError, errorCode, writeDurably} from './io.mjs';

/** @typedef {import('../../src/model/deployment-facts.mjs').DeploymentFacts} DeploymentFacts */

/**
 * What the host serves, in <root>/host.json: a build must match it.
 * @typedef {Pick<DeploymentFacts, 'url' | 'baseUrl' | 'search'>} HostFacts
 */

/** The base path deploy/nginx/help.conf serves: the site's default. */
export const shippedBasePath = defaultBaseUrl;
const defaultSearch = 'local';
const hostFile = 'host.json';

/** @param {HostFacts} facts */
const describe = (facts) =>
  `${facts.url.replace(/\/$/, '')}${facts.baseUrl} with ${facts.search} search`;

/**
 * What the host serves: <root>/host.json, or for a root without one the
 * values given (the shipped nginx configuration's base path and local
 * search unless given otherwise; the site URL must be given).
 * @param {string} root
 * @param {Partial<HostFacts>} given
 * @returns {Promise<{host: HostFacts, recorded: boolean}>}
 */
export async function hostFacts(root, given) {
  const file = path.join(root, hostFile);
  const text = await readFile(file, 'utf8').catch((error) => {
    if (errorCode(error) === 'ENOENT') {
      return undefined;
    }
    throw error;
  });
  if (text === undefined) {
    if (!given.url) {
      throw new DeployError(
        `${root} has no ${hostFile} yet: give the site URL this host serves with --site-url (and --base-url and --search where they are not ${shippedBasePath} and ${defaultSearch}).`,
      );
    }
    return {
      host: {
        url: given.url,
        baseUrl: given.baseUrl ?? shippedBasePath,
        search: given.search ?? defaultSearch,
      },
      recorded: false,
    };
  }
  /** @type {HostFacts | undefined} */
  let host;
  try {
    host = JSON.parse(text);
  } catch {
    host = undefined;
  }
  if (
    typeof host?.url !== 'string' ||
    typeof host.baseUrl !== 'string' ||
    typeof host.search !== 'string'
  ) {
    throw new DeployError(
      `${file} is not readable: write {"url": …, "baseUrl": …, "search": …} for what this host serves, or remove it and deploy with --site-url.`,
    );
  }
  for (const [key, flag] of /** @type {const} */ ([
    ['url', '--site-url'],
    ['baseUrl', '--base-url'],
    ['search', '--search'],
  ])) {
    const value = given[key];
    if (value !== undefined && value !== host[key]) {
      throw new DeployError(
        `${flag} ${value} differs from ${host[key]}, which ${file} records for this host: change ${hostFile} together with the nginx configuration, then deploy.`,
      );
    }
  }
  return {host, recorded: true};
}

/**
 * Refuses a build made for another host.
 * @param {DeploymentFacts} facts
 * @param {HostFacts} host
 * @param {string} build The --build folder as given.
 */
export function checkHost(facts, host, build) {
  const same =
    facts.url.replace(/\/$/, '') === host.url.replace(/\/$/, '') &&
    facts.baseUrl === host.baseUrl &&
    facts.search === host.search;
  if (!same) {
    throw new DeployError(
      `--build ${build} is for ${describe(facts)}, but this host serves ${describe(host)}: build with SITE_URL=${host.url} BASE_URL=${host.baseUrl}${host.search === 'algolia' ? ' and the ALGOLIA_* settings' : ' and no ALGOLIA_* settings'}, then deploy.`,
    );
  }
}

/**
 * Records what the host serves, durably, before the first release goes live.
 * @param {import('./io.mjs').Writer} io
 * @param {string} root
 * @param {HostFacts} host
 */
export const recordHost = (io, root, host) =>
  writeDurably(
    io,
    path.join(root, hostFile),
    `${JSON.stringify(host, null, 2)}\n`,
  );
