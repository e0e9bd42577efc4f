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

const api: SiteRoute[] = [
  {path: '/help/docs/api/introduction', h1: /api introduction/i},
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
  ...api,
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
];
