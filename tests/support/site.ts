/** Where the browser tests find the built site. */
export const basePath = '/help/';
export const sitePort = 4173;
/** The same build served at / (a wrong base URL), for the base-URL banner. */
export const bannerPort = 4174;
/** A build made with Algolia DocSearch configured. */
export const algoliaPort = 4175;
export const algoliaBuildDir = 'build-algolia';
/** The build behind the shipped nginx configuration. */
export const nginxPort = 4176;
/** A second nginx for the deploy-while-a-tab-is-open test. */
export const staleTabPort = 4177;
/** The budget test's nginx. */
export const budgetPort = 4178;
