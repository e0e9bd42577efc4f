import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadApiModel, pageSourcesFile, releaseSpec} from './model';
import apiReferenceRemarkPlugin from './remark';
import {placeholderSubjects} from './placeholders';
import {OneMessagePerMistake} from './one-message-per-mistake';
import {
  apiReleases,
  latestRelease,
  publishedSpecFiles,
  releaseSpecFiles,
  releaseSpecFolder,
} from './releases';
import {publishedSpec} from './spec';
import {languageScript, noScriptStyles, referenceStyles} from './styles';
import {TryItModules, tryItFolder, writeTryIt} from './try-it';
import {
  pageCodeAlias,
  pageCodeAliasTarget,
  pageCodeAssetName,
} from './page-code';

/**
 * The remark plugin for the docs plugin's `beforeDefaultRemarkPlugins`,
 * bound to the site's folder. Bound, not given as options: Docusaurus
 * serialises the config, options included, into the client bundle, which
 * must not carry the checkout's path (a plugin function is left out).
 */
export function apiReferenceRemark(siteDir: string) {
  return function apiReferenceRemarkForSite() {
    return apiReferenceRemarkPlugin({siteDir});
  };
}

/**
 * Loads the API model (see model.ts) in `loadContent`, so a mistake in the
 * spec stops `npm start` and `npm run build` before any page compiles, with
 * one message naming its file and line; publishes each release's OpenAPI
 * document next to the pages that render it; writes the module of each
 * operation's Try it form (try-it.ts); adds the reference's stylesheet
 * and head styles. The pages drawn from the model depend on its
 * files through model-dependencies-loader.cjs, so in development an edit to
 * one recompiles those pages, which load the new model (once for all of
 * them): the plugin itself has nothing to reload, and does not watch them.
 */
export interface OpenapiReferenceOptions {
  /**
   * The sandbox every operation's Try it form sends to, `/v1` included:
   * `sandboxApiUrl` of docusaurus.config.ts (SANDBOX_API_URL, else the
   * document's sandbox server).
   */
  sandboxApiUrl: string;
}

export default function openapiReferencePlugin(
  context: LoadContext,
  {sandboxApiUrl}: OpenapiReferenceOptions,
): Plugin {
  const {siteDir, generatedFilesDir} = context;
  return {
    name: 'openapi-reference',
    loadContent() {
      return loadApiModel(siteDir);
    },
    async contentLoaded() {
      // Try it: each operation's module, which its form loads when opened,
      // and each release's world, which the form answers from.
      const model = await loadApiModel(siteDir);
      await writeTryIt(
        model.releases,
        tryItFolder(generatedFilesDir),
        () => sandboxApiUrl,
        model.world,
      );
    },
    getClientModules() {
      // Its behaviour loads with its components (theme/behaviour.ts).
      return [path.join(__dirname, 'theme', 'styles.css')];
    },
    injectHtmlTags() {
      return {
        headTags: [
          {tagName: 'style', innerHTML: referenceStyles()},
          {tagName: 'script', innerHTML: languageScript()},
          {
            tagName: 'noscript',
            innerHTML: `<style>${noScriptStyles}</style>`,
          },
        ],
      };
    },
    configureWebpack(_config, isServer) {
      return {
        // A page's code: the list on the server, its loader in the browser.
        resolve: {
          alias: {
            [pageCodeAlias]: pageCodeAliasTarget(generatedFilesDir, isServer),
          },
        },
        plugins: [
          new OneMessagePerMistake(),
          // The browser's Try it modules; the server renders no form.
          ...(isServer
            ? []
            : [new TryItModules(tryItFolder(generatedFilesDir))]),
        ],
        module: {
          rules: [
            {
              // Functions, not regular expressions: the config's modules
              // come from another realm, and the bundler checks instanceof.
              test: (file: string) =>
                /\.mdx?$/i.test(file) &&
                !file.includes(`${path.sep}node_modules${path.sep}`),
              enforce: 'pre' as const,
              use: [
                {
                  loader: path.join(__dirname, 'model-dependencies-loader.cjs'),
                  options: {
                    sourcesFile: pageSourcesFile(siteDir),
                    subjects: placeholderSubjects,
                  },
                },
              ],
            },
            {
              // The lists of the pages' code, fetched by address, filed
              // with the build's other assets.
              test: (file: string) =>
                file.startsWith(pageCodeAliasTarget(generatedFilesDir, true)),
              dependency: 'url',
              type: 'asset/resource',
              generator: {filename: pageCodeAssetName},
            },
          ],
        },
      };
    },
    async postBuild({outDir}) {
      const model = await loadApiModel(siteDir);
      await mkdir(path.join(outDir, releaseSpecFolder), {recursive: true});
      for (const release of apiReleases) {
        const published = publishedSpec(releaseSpec(model, release).document);
        const files = [releaseSpecFiles(release)];
        if (release === latestRelease) {
          files.push(publishedSpecFiles);
        }
        await Promise.all(
          files.flatMap(({yaml, json}) => [
            writeFile(path.join(outDir, yaml), published.yaml),
            writeFile(path.join(outDir, json), published.json),
          ]),
        );
      }
    },
  };
}
