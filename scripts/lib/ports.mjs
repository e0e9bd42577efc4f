// @ts-check
// The ports of the servers the tests, the test server and the benchmark
// start, declared once. TEST_PORT_OFFSET moves every one, so two checkouts
// can run their browser tests on one machine at the same time. (The
// development server of `npm start` keeps Docusaurus' own, 3000.)

const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
/** @param {number} n */
const port = (n) => n + portOffset;

/** The build behind the shipped nginx configuration, for every browser test; scripts/serve.mjs's default too. */
export const sitePort = port(4173);
/** The same build served at / (a wrong base URL), for the base-URL banner. */
export const bannerPort = port(4174);
/** The variant build: another base path, with Algolia DocSearch. */
export const variantPort = port(4175);
/** The build behind the shipped nginx configuration. */
export const nginxPort = port(4176);
/** A second nginx for the deploy-while-a-tab-is-open test. */
export const staleTabPort = port(4177);
/**
 * The benchmark's servers: this one and the next three. The benchmark runs
 * alone, never beside the tests, so it may share their ports.
 */
export const benchPort = port(4179);
/** The nginx of the policy-switch deploy test. */
export const deployPort = port(4180);
/** The shipped configuration with TLS on: HTTPS, and plain HTTP redirected. */
export const tlsPort = port(4181);
export const tlsRedirectPort = port(4182);
/** The development server of the authors' loop test. */
export const devPort = port(4183);
/** The test sandbox Try it sends to in the variant build (tests/support/sandboxServer.ts). */
export const sandboxPort = port(4184);
