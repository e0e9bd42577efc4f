/**
 * Every route of the site, in one list that all route tests share. Each entry
 * names the page's single h1, so a route that answers with the wrong page
 * fails too.
 */
export interface SiteRoute {
  path: string;
  h1: RegExp;
}

const gettingStarted: SiteRoute[] = [
  {path: '/help/docs/getting-started/login', h1: /sign in/i},
  {path: '/help/docs/getting-started/navigation', h1: /find your way/i},
  {path: '/help/docs/getting-started/quick-tour', h1: /quick tour/i},
  {
    path: '/help/docs/getting-started/steps-to-success',
    h1: /first synced order/i,
  },
  {path: '/help/docs/getting-started/change', h1: /changes/i},
  {
    path: '/help/docs/getting-started/file-upload',
    h1: /import data from files/i,
  },
];

const advanced: SiteRoute[] = [
  {path: '/help/docs/advanced/advanced-views', h1: /views/i},
  {path: '/help/docs/advanced/advanced-query', h1: /advanced query/i},
  {
    path: '/help/docs/advanced/order-export-formats',
    h1: /order export formats/i,
  },
  {
    path: '/help/docs/advanced/product-export-formats',
    h1: /product export formats/i,
  },
];

const authors: SiteRoute[] = [
  {path: '/help/docs/doc2', h1: /markdown style guide/i},
  {path: '/help/docs/doc3', h1: /pages and the sidebar/i},
  {path: '/help/docs/mdx', h1: /mdx components/i},
];

/** An API reference page and the spec tag whose operations it holds. */
export interface ApiPage extends SiteRoute {
  tag: string;
}

const apiPage = (tag: string, h1: RegExp): ApiPage => ({
  path: `/help/docs/api/${tag}`,
  tag,
  h1,
});

export const apiPages: ApiPage[] = [
  apiPage('introduction', /api introduction/i),
  apiPage('errors', /^error codes$/i),
  apiPage('company', /^company$/i),
  apiPage('user', /^users$/i),
  apiPage('notification', /^webhook notifications$/i),
  apiPage('webhook-events', /^webhook events$/i),
  apiPage('brand', /^brands$/i),
  apiPage('product', /^products$/i),
  apiPage('variant', /^variants$/i),
  apiPage('image', /^images$/i),
  apiPage('price', /^prices$/i),
  apiPage('priceChange', /^price changes$/i),
  apiPage('warehouse', /^warehouses$/i),
  apiPage('stock', /^stock and transfers$/i),
  apiPage('batchStock', /^batch stock updates$/i),
  apiPage('order', /^orders$/i),
  apiPage('orderItem', /^order items$/i),
  apiPage('dispatch', /^dispatches$/i),
  apiPage('dispatchItem', /^dispatch items$/i),
  apiPage('sale', /^sales$/i),
  apiPage('store', /^stores$/i),
  apiPage('brandstore', /^brand stores$/i),
  apiPage('hostProduct', /^host products$/i),
  apiPage('hostVariant', /^host variants$/i),
  apiPage('file', /^files$/i),
  apiPage('fileUtilities', /^file utilities$/i),
  apiPage('change', /^change feed$/i),
];

const resources: SiteRoute[] = [
  {
    path: '/help/docs/resources/resource-overview',
    h1: /how your data fits together/i,
  },
  {
    path: '/help/docs/resources/resource-company',
    h1: /company, users and stores/i,
  },
  {path: '/help/docs/resources/resource-brand', h1: /brands and brand stores/i},
  {
    path: '/help/docs/resources/resource-product',
    h1: /products, variants, images and prices/i,
  },
  {path: '/help/docs/resources/resource-stock', h1: /understand stock/i},
  {path: '/help/docs/resources/resource-order', h1: /handle orders/i},
  {path: '/help/docs/resources/resource-sale', h1: /sales and returns/i},
  {path: '/help/docs/resources/resource-transfer', h1: /transfers/i},
  {path: '/help/docs/resources/resource-file', h1: /file import/i},
  {path: '/help/docs/resources/resource-enrichment', h1: /enrichment jobs/i},
];

const enrichment: SiteRoute[] = [
  {path: '/help/docs/enrichment/enrich-bigcom', h1: /bigcommerce/i},
  {path: '/help/docs/enrichment/enrich-visualsoft', h1: /visualsoft/i},
  {path: '/help/docs/enrichment/enrich-queue', h1: /enrichment queue/i},
];

const shopifyConnect: SiteRoute[] = [
  {path: '/help/docs/shopify-connect/overview', h1: /shopify connector does/i},
  {
    path: '/help/docs/shopify-connect/shopify-setup',
    h1: /prepare your shopify/i,
  },
  {
    path: '/help/docs/shopify-connect/connect-setup',
    h1: /connect your shopify/i,
  },
  {
    path: '/help/docs/shopify-connect/download-products',
    h1: /download and match/i,
  },
  {path: '/help/docs/shopify-connect/sync-products', h1: /publish and sync/i},
  {
    path: '/help/docs/shopify-connect/order-stock',
    h1: /orders and stock flow/i,
  },
];

const blog: SiteRoute[] = [
  {path: '/help/blog', h1: /integration hub news/i},
  {path: '/help/blog/archive', h1: /archive/i},
  {path: '/help/blog/authors', h1: /authors/i},
  {path: '/help/blog/tags', h1: /tags/i},
  {path: '/help/blog/tags/docusaurus', h1: /tagged with "docusaurus"/i},
  {path: '/help/blog/tags/facebook', h1: /tagged with "facebook"/i},
  {path: '/help/blog/tags/hello', h1: /tagged with "hello"/i},
  {path: '/help/blog/tags/hola', h1: /tagged with "hola"/i},
  {path: '/help/blog/hello-world', h1: /batch stock/i},
  {path: '/help/blog/hola', h1: /spanish|hola/i},
  {path: '/help/blog/welcome', h1: /welcome/i},
];

export const routes: SiteRoute[] = [
  {path: '/help/', h1: /integration hub help/i},
  {path: '/help/docs/', h1: /integration hub documentation/i},
  ...gettingStarted,
  ...advanced,
  ...authors,
  ...resources,
  ...enrichment,
  ...shopifyConnect,
  ...apiPages,
  ...blog,
];

/** Addresses that do not exist, with the page the not-found page must suggest. */
export const unknownRoutes = [
  {
    path: '/help/docs/getting-started/logn',
    suggests: '/help/docs/getting-started/login',
  },
  {
    // Wrong case: the client router would otherwise hydrate the real page.
    path: '/help/docs/advanced/Advanced-Query',
    suggests: '/help/docs/advanced/advanced-query',
  },
  {
    // The API routes are camelCase; the all-lower-case address is not one.
    path: '/help/docs/api/batchstock',
    suggests: '/help/docs/api/batchStock',
  },
];
