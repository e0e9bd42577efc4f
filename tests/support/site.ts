import {existsSync} from 'node:fs';
import {
  defaultBaseUrl,
  readDeploymentFacts,
} from '../../src/model/deployment-facts.mjs';

/** The production build the browser tests serve. */
export const buildDir = 'build';

/**
 * The build's base path, from its own deployment facts. Before the first
 * build (unit tests only) nothing is served, and the config's default
 * stands in.
 */
export const basePath = existsSync(buildDir)
  ? readDeploymentFacts(buildDir).baseUrl
  : defaultBaseUrl;

/** The variant build: another base path, with Algolia DocSearch. */
export const variantBuildDir = 'build-variant';

// The test servers' ports, declared with the benchmark's.
export {
  bannerPort,
  deployPort,
  devPort,
  nginxPort,
  sandboxPort,
  sitePort,
  staleTabPort,
  tlsPort,
  tlsRedirectPort,
  variantPort,
} from '../../scripts/lib/ports.mjs';
