import {existsSync} from 'node:fs';
import {readDeploymentFacts} from '../../src/model/deployment-facts.mjs';

/** The production build the browser tests serve. */
export const buildDir = 'build';

/**
 * The build's base path, from its own deployment facts. Before the first
 * build (unit tests only) nothing is served, and the config's default
 * stands in.
 */
export const basePath = existsSync(buildDir)
  ? readDeploymentFacts(buildDir).baseUrl
  : '/help/';

// TEST_PORT_OFFSET moves every test server, so two checkouts can run their
// browser tests on one machine at the same time.
const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const port = (n: number) => n + portOffset;

/** The build behind the shipped nginx configuration, for every browser test. */
export const sitePort = port(4173);
/** The same build served at / (a wrong base URL), for the base-URL banner. */
export const bannerPort = port(4174);
/** The variant build: another base path, with Algolia DocSearch. */
export const variantPort = port(4175);
export const variantBuildDir = 'build-variant';
/** The build behind the shipped nginx configuration. */
export const nginxPort = port(4176);
/** A second nginx for the deploy-while-a-tab-is-open test. */
export const staleTabPort = port(4177);
/** The test server's own unit test. */
export const servePort = port(4179);
/** The development server of the authors' loop test. */
export const devPort = port(4183);
/** The nginx of the policy-switch deploy test. */
export const deployPort = port(4180);
/** The shipped configuration with TLS on: HTTPS, and plain HTTP redirected. */
export const tlsPort = port(4181);
export const tlsRedirectPort = port(4182);
