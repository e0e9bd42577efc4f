// cspell:words easyops
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import type {LoadContext, Plugin, PluginModule, Props} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {apiDocsPluginId} from '../openapi-reference/api-section';

/**
 * The local search theme, with each older API release searched together
 * with the guides (issue 31). The theme writes one index per docs version:
 * the latest one (the guides, the latest API release, the blog and pages) at
 * the site's root, and one for each older release in that release's folder
 * (`docs/api/2023-01/`), which its pages' search box reads. Left alone, an
 * older release's index has no guides, since the guides are no version of
 * the API's docs; this gives each older release the guides' pages, so a
 * reader on a 2023-01 page finds 2023-01's pages and the guides, and never
 * 2023-07's copy of the page they are on.
 */

type LoadedPlugin = Props['plugins'][number];

/** The theme's module: its typings declare only its options. */
const searchLocal = searchLocalModule as unknown as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

const docsPluginName = 'docusaurus-plugin-content-docs';

const isApiDocs = (plugin: LoadedPlugin) =>
  plugin.name === docsPluginName && plugin.options.id === apiDocsPluginId;

/**
 * The folders under the base path that hold a search index, as the theme
 * writes them: `''` for the latest version's (the site's), and each older
 * version's own path (`docs/api/2023-01/`).
 */
export function searchIndexFolders(
  plugins: LoadedPlugin[],
  baseUrl: string,
): string[] {
  return [
    '',
    ...plugins
      .filter((plugin) => plugin.name === docsPluginName)
      .flatMap((plugin) => (plugin.content as LoadedContent).loadedVersions)
      .filter((version) => !version.isLast)
      .map((version) => `${version.path.slice(baseUrl.length)}/`),
  ];
}

/** The plugins as the theme reads them, the guides added to older releases. */
export function withGuidesInEachRelease(
  plugins: LoadedPlugin[],
): LoadedPlugin[] {
  const guides = plugins
    .filter((plugin) => plugin.name === docsPluginName && !isApiDocs(plugin))
    .flatMap(
      (plugin) =>
        (plugin.content as LoadedContent).loadedVersions.find(
          (version) => version.isLast,
        )?.docs ?? [],
    );
  return plugins.map((plugin) => {
    if (!isApiDocs(plugin)) {
      return plugin;
    }
    const content = plugin.content as LoadedContent;
    return {
      ...plugin,
      content: {
        ...content,
        loadedVersions: content.loadedVersions.map((version) =>
          version.isLast
            ? version
            : {...version, docs: [...version.docs, ...guides]},
        ),
      },
    };
  });
}

/** The theme's options reach it validated by its own `validateOptions`. */
function releaseSearch(context: LoadContext, options: unknown): Plugin {
  const theme = searchLocal.default(context, options as PluginOptions);
  const {postBuild} = theme;
  if (!postBuild) {
    throw new Error(
      'The local search theme no longer writes its index after the build.',
    );
  }
  return {
    ...theme,
    postBuild: (props) =>
      postBuild({...props, plugins: withGuidesInEachRelease(props.plugins)}),
  };
}

export default Object.assign(releaseSearch, {
  validateOptions: searchLocal.validateOptions,
}) satisfies PluginModule;
