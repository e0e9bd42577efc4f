import path from 'node:path';
import {
  latestRelease,
  olderReleases,
  releaseDocsPath,
} from '../src/plugins/openapi-reference/releases';
import {loadSpec} from '../src/plugins/openapi-reference/spec';

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
  {path: '/help/docs/advanced/stock-export-formats', h1: /stock export/i},
  {path: '/help/docs/advanced/sales-export-formats', h1: /sales export/i},
  {path: '/help/docs/advanced/api-keys', h1: /api keys/i},
  {path: '/help/docs/advanced/webhooks', h1: /webhooks/i},
  {
    path: '/help/docs/advanced/sandbox-walkthrough',
    h1: /end to end in the sandbox/i,
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

/**
 * The API pages of the site specification. Each but the introduction is a
 * tag of the OpenAPI document, whose display name is the page's h1
 * (tests/build/routes.spec.ts checks the two lists agree both ways).
 */
export const apiPageNames = [
  'introduction',
  'company',
  'user',
  'notification',
  'brand',
  'product',
  'variant',
  'image',
  'price',
  'priceChange',
  'warehouse',
  'stock',
  'batchStock',
  'order',
  'orderItem',
  'dispatch',
  'dispatchItem',
  'sale',
  'store',
  'brandstore',
  'hostProduct',
  'hostVariant',
  'file',
  'fileUtilities',
  'change',
];

const spec = loadSpec(path.join(__dirname, '..', 'openapi'));
const displayNames = new Map(
  spec.document.tags.map((tag) => [tag.name, tag['x-displayName'] ?? tag.name]),
);
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');

export const apiPages: ApiPage[] = apiPageNames.map((tag) => ({
  path: `/help/docs/api/${tag}`,
  tag,
  h1:
    tag === 'introduction'
      ? /api introduction/i
      : exactly(displayNames.get(tag) ?? tag),
}));

/** API pages that are no tag's: the error codes and the webhook events. */
export const apiCataloguePages: SiteRoute[] = [
  {path: '/help/docs/api/errors', h1: /^error codes$/i},
  {path: '/help/docs/api/webhook-events', h1: /^webhook events$/i},
];

/** The latest release's changelog, which older releases do not have. */
export const apiChangelogPage: SiteRoute = {
  path: '/help/docs/api/changelog',
  h1: /^what changed in 2023-07$/i,
};

/**
 * The API pages of each older release: the latest's pages (but the
 * changelog) under the release's prefix, such as `/help/docs/api/2023-01/order`.
 */
export const olderReleasePages: (SiteRoute & {release: string})[] =
  olderReleases.flatMap((release) =>
    [...apiPages, ...apiCataloguePages].map(({path: route, h1}) => ({
      release,
      h1,
      path: route.replace(
        `/help${releaseDocsPath(latestRelease)}/`,
        `/help${releaseDocsPath(release)}/`,
      ),
    })),
  );

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
  {
    path: '/help/docs/resources/leave-integration-hub',
    h1: /leave integration hub/i,
  },
];

const troubleshooting: SiteRoute[] = [
  {
    path: '/help/docs/troubleshooting/stock-not-updating',
    h1: /stock isn't updating/i,
  },
  {
    path: '/help/docs/troubleshooting/order-missing-or-stuck',
    h1: /missing or stuck/i,
  },
  {
    path: '/help/docs/troubleshooting/undo-an-import',
    h1: /undo or correct an import/i,
  },
];

const enrichment: SiteRoute[] = [
  {
    path: '/help/docs/enrichment/enrich-listings',
    h1: /how enrichment fills your bigcommerce and visualsoft listings/i,
  },
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
  {path: '/help/blog/tags/docusaurus', h1: /tagged with "help site"/i},
  {path: '/help/blog/tags/facebook', h1: /tagged with "api"/i},
  {path: '/help/blog/tags/hello', h1: /tagged with "product news"/i},
  {path: '/help/blog/tags/hola', h1: /tagged with "selling abroad"/i},
  // The tags' own addresses, which say what their posts are about; the four
  // above are their old addresses, kept as pages (blog-tag-aliases).
  {path: '/help/blog/tags/api', h1: /tagged with "api"/i},
  {path: '/help/blog/tags/app-releases', h1: /tagged with "app releases"/i},
  {path: '/help/blog/tags/help-site', h1: /tagged with "help site"/i},
  {path: '/help/blog/tags/product-news', h1: /tagged with "product news"/i},
  {
    path: '/help/blog/tags/selling-abroad',
    h1: /tagged with "selling abroad"/i,
  },
  {path: '/help/blog/hello-world', h1: /batch stock/i},
  {path: '/help/blog/hola', h1: /spanish|hola/i},
  {path: '/help/blog/welcome', h1: /welcome/i},
  {path: '/help/blog/api-release-2023-07', h1: /^api release 2023-07/i},
  {
    path: '/help/blog/app-release-2023-07-31',
    h1: /^web app release notes, 31 july 2023/i,
  },
  {
    path: '/help/blog/app-release-2023-09-12',
    h1: /^web app release notes, 12 september 2023/i,
  },
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
  ...troubleshooting,
  ...apiPages,
  ...apiCataloguePages,
  apiChangelogPage,
  ...olderReleasePages,
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
  {
    // An older release's pages are routes too.
    path: '/help/docs/api/2023-01/prce',
    suggests: '/help/docs/api/2023-01/price',
  },
];
