import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {PluginOptions as LocalSearchOptions} from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions as LlmsTxtOptions} from '@signalwire/docusaurus-plugin-llms-txt';
import contentRulesPlugin from './src/plugins/content-rules';
import deploymentFactsPlugin from './src/plugins/deployment-facts';
import {hasGitHistory} from './src/lib/gitHistory';
import robotsTxtPlugin from './src/plugins/robots-txt';
import remarkTableLabels from './src/plugins/table-labels';
import remarkTocLevels from './src/plugins/toc-levels';
import figureStylesPlugin from './src/plugins/figure-styles';
import staticCodePlugin from './src/plugins/static-code';
import remarkStaticCode from './src/plugins/static-code/remark';
import {searchIndexHashDir} from './src/plugins/search-index-hash';
import markdownCleanup from './src/plugins/markdown-copies/rehypeCleanup';
import latestBlogPostPlugin from './src/plugins/latest-blog-post';
import blogTagAliasesPlugin from './src/plugins/blog-tag-aliases';
import lazySearchMarksPlugin from './src/plugins/lazy-search-marks';
import searchRankingPlugin from './src/plugins/search-ranking';
import releaseSearchTheme from './src/plugins/release-search';
import {storageNamespace} from './src/lib/storage';
import {defaultBaseUrl} from './src/model/deployment-facts.mjs';
import {checkedSandboxApiUrl} from './src/model/sandbox';
import {apiSandboxUrl} from './src/plugins/openapi-reference/latest-document';
import openapiReferencePlugin, {
  apiReferenceRemark,
} from './src/plugins/openapi-reference';
import remarkReleaseLinks from './src/plugins/openapi-reference/releaseLinks';
import {stateTableClass} from './src/plugins/openapi-reference/diagram';
import {
  apiDocsFolder,
  apiVersionedDocsFolder,
  apiDocsPluginId,
  apiReleases,
  apiRouteBasePath,
  latestRelease,
  olderReleases,
  releaseDocsPath,
} from './src/plugins/openapi-reference/releases';
import {darkCodeTheme, lightCodeTheme} from './src/prism/themes';

// The product and site names live here only; pages read them from the site config.
const productName = 'Integration Hub';
const siteTitle = `${productName} Help`;

// The deployer sets the public origin and the repository behind "Edit this page".
const siteUrl = process.env.SITE_URL ?? 'https://help.example.com';
const repositoryUrl =
  process.env.REPOSITORY_URL ?? 'https://git.example.com/integration-hub/help';

// Where readers get help; the footer, home page and crash page read these.
const supportEmail = 'support@example.com';
const statusPageUrl = 'https://status.example.com';

// Algolia DocSearch replaces the local search when all three are set at build
// time (the API key is DocSearch's public search-only key).
const algoliaAppId = process.env.ALGOLIA_APP_ID;
const algoliaApiKey = process.env.ALGOLIA_API_KEY;
const algoliaIndexName = process.env.ALGOLIA_INDEX_NAME;
const useAlgolia = Boolean(algoliaAppId && algoliaApiKey && algoliaIndexName);

// Served under /help/ (declared with the other deployment facts). A GitHub
// Pages project site adds its repository path in front
// (BASE_URL=/<repo>/help/, set by the deploy workflow).
const baseUrl = process.env.BASE_URL ?? defaultBaseUrl;

// The sandbox Try it sends to with the reader's test key: the OpenAPI
// document's sandbox server unless SANDBOX_API_URL names another (an
// absolute http(s) URL ending in the API's /v1; a malformed one stops the
// build in one line). The forms send there, the build's facts record its
// origin, and the policy's connect-src names that origin and no other.
const sandboxApiUrl = checkedSandboxApiUrl(
  process.env.SANDBOX_API_URL,
  apiSandboxUrl,
);

// Last-updated dates come from Git. A copy without `.git` (a source archive,
// a container build context) builds without them.
const gitHistory = hasGitHistory(__dirname);
if (!gitHistory) {
  console.warn(
    '[WARNING] No Git history in this folder: building without last-updated dates.',
  );
}

// A new id shows the bar again to readers who closed an older announcement.
const announcementId = 'api-reference-2023';

// Table of contents depth: h2 and h3.
const tocMinHeadingLevel = 2;
const tocMaxHeadingLevel = 3;
// A page's chunk lists only the headings its table of contents shows.
const tocLevels = remarkTocLevels(tocMaxHeadingLevel);

// Local search: results shown, snippet length and the edit distance that
// lets American spellings find British ones ("color" finds "colour").
const searchResultLimit = 8;
const searchSnippetLength = 60;
const searchFuzzyDistance = 1;

// Recent posts in the blog's sidebar (the blog's default), on the old tag
// addresses' pages too.
const blogSidebarCount = 5;

// The blog's first tags were named after the template's (`/blog/tags/hola`);
// their addresses keep answering with the list of the tag that replaced them.
const blogTagAliases = {
  docusaurus: 'help-site',
  facebook: 'api',
  hello: 'product-news',
  hola: 'selling-abroad',
};

// Copyright year fixed by the site specification.
const copyrightYear = 2023;

const config = {
  title: siteTitle,
  tagline:
    'Guides and API reference for connecting brands, retailers and shop platforms.',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: undefined,

  future: {
    v4: true,
    // The faster build, but for its HTML minifier: SWC's writes a bare `&`
    // wherever HTML5 lets it (`?limit=1&order=desc`), which parsers other
    // than browsers read as the start of an entity; the other minifier keeps
    // React's `&amp;` (tests/build/builtHtml.spec.ts).
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: false,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: true,
      ssgWorkerThreads: true,
      gitEagerVcs: true,
    },
    // Without Git no file history is read (by default it is).
    ...(!gitHistory && {experimental_vcs: false}),
  },
  storage: {
    type: 'localStorage',
    namespace: storageNamespace,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
  },

  // Without JavaScript, tabbed panels (the API code samples) all show.
  headTags: [
    {
      tagName: 'noscript',
      attributes: {},
      innerHTML:
        '<style>[role="tabpanel"][hidden]{display:block!important}</style>',
    },
  ],

  customFields: {
    productName,
    supportEmail,
    statusPageUrl,
  },

  i18n: {
    defaultLocale: 'en-GB',
    locales: ['en-GB'],
    localeConfigs: {
      'en-GB': {label: 'English', htmlLang: 'en-GB'},
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          editUrl: `${repositoryUrl}/edit/main/`,
          showLastUpdateTime: gitHistory,
          showLastUpdateAuthor: false,
          onInlineTags: 'throw',
          // Expands <ApiReference>, <ApiSharedSchemas> and <StateDiagram>
          // from the OpenAPI document before the headings and table of
          // contents are computed.
          beforeDefaultRemarkPlugins: [apiReferenceRemark(__dirname)],
          // Names each table's scrolling region after its heading,
          // highlights code when the site builds, and keeps the table of
          // contents' levels only.
          remarkPlugins: [remarkTableLabels, remarkStaticCode, tocLevels],
        } satisfies DocsOptions,
        blog: {
          blogTitle: `${productName} news`,
          blogDescription: `Product news, API changes and help-site updates from the ${productName} team.`,
          showReadingTime: true,
          blogSidebarCount,
          editUrl: `${repositoryUrl}/edit/main/`,
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          feedOptions: {type: ['rss', 'atom'], xslt: true},
          // Posts state the sample world's facts with <World> too.
          beforeDefaultRemarkPlugins: [apiReferenceRemark(__dirname)],
          remarkPlugins: [remarkTableLabels, remarkStaticCode, tocLevels],
        } satisfies BlogOptions,
        pages: {remarkPlugins: [remarkStaticCode]},
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // The API reference, one version per API release: the latest at
    // /docs/api/<name> (today's addresses), each older release under
    // /docs/api/<release>/ from its snapshot in api_versioned_docs/.
    [
      '@docusaurus/plugin-content-docs',
      {
        id: apiDocsPluginId,
        path: apiDocsFolder,
        routeBasePath: apiRouteBasePath,
        sidebarPath: './sidebars-api.ts',
        editUrl: `${repositoryUrl}/edit/main/`,
        showLastUpdateTime: gitHistory,
        showLastUpdateAuthor: false,
        onInlineTags: 'throw',
        // Each page is rendered from its release's document (see releases.ts).
        beforeDefaultRemarkPlugins: [apiReferenceRemark(__dirname)],
        // Table regions named after their headings; an older release's links
        // between API pages stay in that release; code highlighted; the
        // table of contents' levels only.
        remarkPlugins: [
          remarkTableLabels,
          remarkReleaseLinks,
          remarkStaticCode,
          tocLevels,
        ],
        lastVersion: 'current',
        versions: {
          current: {label: latestRelease, path: ''},
          ...Object.fromEntries(
            olderReleases.map((release) => [
              release,
              {
                label: release,
                path: release,
                banner: 'unmaintained' as const,
              },
            ]),
          ),
        },
      } satisfies DocsOptions,
    ],
    (context: LoadContext) =>
      blogTagAliasesPlugin(context, {
        aliases: blogTagAliases,
        sidebarCount: blogSidebarCount,
      }),
    contentRulesPlugin,
    (context: LoadContext) => deploymentFactsPlugin(context, {sandboxApiUrl}),
    figureStylesPlugin,
    latestBlogPostPlugin,
    (context: LoadContext) => openapiReferencePlugin(context, {sandboxApiUrl}),
    robotsTxtPlugin,
    staticCodePlugin,
    [
      '@signalwire/docusaurus-plugin-llms-txt',
      {
        siteTitle,
        siteDescription: `Guides for merchants and brand staff, and the REST API reference for integrators, of ${productName}.`,
        depth: 2,
        onRouteError: 'throw',
        content: {
          enableMarkdownFiles: true,
          // Absolute links: relative ones would drop the /help/ base path.
          relativePaths: false,
          beforeDefaultRehypePlugins: [markdownCleanup(baseUrl)],
          includeBlog: true,
          includePages: true,
          // An older API release is a section of its own, after the
          // latest's pages, so a reader (or a model) meets the latest first.
          routeRules: olderReleases.map((release) => ({
            route: `${baseUrl.replace(/\/$/, '')}${releaseDocsPath(release)}/**`,
            depth: 4 as const,
            categoryName: `API reference, release ${release} (older)`,
          })),
          excludeRoutes: [
            'search',
            'blog/archive',
            'blog/authors/**',
            'blog/tags/**',
            'blog/page/**',
          ].map((route) => `${baseUrl}${route}`),
        },
      } satisfies Partial<LlmsTxtOptions>,
    ],
  ],
  themes: useAlgolia
    ? []
    : [
        [
          releaseSearchTheme,
          {
            hashed: 'filename',
            language: ['en'],
            indexDocs: true,
            indexBlog: true,
            indexPages: true,
            docsRouteBasePath: '/docs',
            // The index file's name hashes these folders' Markdown; the
            // extra folder carries a hash of the spec and renderer.
            docsDir: [
              'docs',
              apiDocsFolder,
              apiVersionedDocsFolder,
              searchIndexHashDir(__dirname),
            ],
            blogRouteBasePath: '/blog',
            explicitSearchResultPath: true,
            highlightSearchTermsOnTargetPage: true,
            searchResultLimits: searchResultLimit,
            searchResultContextMaxLength: searchSnippetLength,
            searchBarShortcutKeymap: 'mod+k',
            fuzzyMatchingDistance: searchFuzzyDistance,
            // Code samples, the API reference's examples and picker, and drawn
            // diagrams repeat what the tables, fields and prose say; leaving
            // them out keeps the index small and its results to the point.
            ignoreCssSelectors: [
              '.theme-code-block',
              '.api-code',
              '.api-samples__picker',
              '.api-field__anchor',
              '.state-diagram__canvas',
              // An API page's states section (its heading, the sentence
              // under it and the table) repeats its guide's; without it, a
              // question such as "cancel order" or "batch stock" lands on
              // the operation or the object.
              `.plugin-id-${apiDocsPluginId} .${stateTableClass}`,
              `.plugin-id-${apiDocsPluginId} h2[id$="-states"]`,
              `.plugin-id-${apiDocsPluginId} h2[id$="-states"] + p`,
            ],
          } satisfies LocalSearchOptions,
        ],
        lazySearchMarksPlugin,
        searchRankingPlugin,
      ],
  clientModules: [
    './src/clientModules/progressBar.ts',
    './src/clientModules/prefetchOnIntent.ts',
  ],

  themeConfig: {
    image: 'img/social-card.png',
    ...(useAlgolia && {
      algolia: {
        appId: algoliaAppId!,
        apiKey: algoliaApiKey!,
        indexName: algoliaIndexName!,
        contextualSearch: true,
      },
    }),
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: announcementId,
      content: `New: the ${productName} API reference, with authentication, pagination, errors and webhooks, starts at the <a href="${baseUrl}docs/api/introduction">API introduction</a>.`,
      isCloseable: true,
    },
    navbar: {
      title: siteTitle,
      hideOnScroll: false,
      logo: {
        alt: `${productName} logo`,
        src: 'img/logo.svg',
      },
      items: [
        {
          type: 'doc',
          docId: 'getting-started/login',
          label: 'User Documentation',
          position: 'left',
        },
        // Opens the reader's preferred API release (the latest by default).
        {
          type: 'doc',
          docsPluginId: apiDocsPluginId,
          docId: 'introduction',
          label: 'API Documentation',
          position: 'left',
        },
        {to: '/blog', label: 'Blog', position: 'left'},
        // The release picker, on API pages only; it remembers the choice.
        {
          type: 'custom-apiReleaseDropdown',
          docsPluginId: apiDocsPluginId,
          position: 'right',
          versions: Object.fromEntries(
            apiReleases.map((release) => [
              release === latestRelease ? 'current' : release,
              {
                label:
                  release === latestRelease ? `${release} (latest)` : release,
              },
            ]),
          ),
        },
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'User Documentation',
          items: [
            {label: 'Sign in', to: '/docs/getting-started/login'},
            {label: 'Quick tour', to: '/docs/getting-started/quick-tour'},
            {label: 'Query language', to: '/docs/advanced/advanced-query'},
          ],
        },
        {
          title: 'API Documentation',
          items: [
            {label: 'API introduction', to: '/docs/api/introduction'},
            {label: 'Errors', to: '/docs/api/introduction#errors'},
            {label: 'Webhooks', to: '/docs/api/introduction#webhooks'},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Writing these docs', to: '/docs/doc2'},
            {label: 'Service status', href: statusPageUrl},
            {label: 'Email support', href: `mailto:${supportEmail}`},
          ],
        },
      ],
      copyright: `Copyright © ${copyrightYear} ${productName}. Built with Docusaurus.`,
    },
    tableOfContents: {
      minHeadingLevel: tocMinHeadingLevel,
      maxHeadingLevel: tocMaxHeadingLevel,
    },
    docs: {
      sidebar: {hideable: true},
    },
    // Code is highlighted when the site builds (src/prism/highlight.ts
    // loads the grammars); the themes give code blocks their plain colours.
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
