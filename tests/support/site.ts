/** Where the browser tests find the built site. */
export const basePath = '/help/';

// TEST_PORT_OFFSET moves every test server, so two checkouts can run their
// browser tests on one machine at the same time.
const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const port = (n: number) => n + portOffset;

/** The build behind the shipped nginx configuration, for every browser test. */
export const sitePort = port(4173);
/** The same build served at / (a wrong base URL), for the base-URL banner. */
export const bannerPort = port(4174);
/** A build made with Algolia DocSearch configured. */
export const algoliaPort = port(4175);
export const algoliaBuildDir = 'build-algolia';
/** The build behind the shipped nginx configuration. */
export const nginxPort = port(4176);
/** A second nginx for the deploy-while-a-tab-is-open test. */
export const staleTabPort = port(4177);
