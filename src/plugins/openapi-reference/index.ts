import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import apiReferenceRemarkPlugin, {type ApiReferenceOptions} from './remark';
import {loadRelease} from './release-spec';
import {apiReleases, latestRelease} from './releases';
import {publishedSpec, specHash} from './spec';
import {languageScript, noScriptStyles, referenceStyles} from './styles';

/** Where the spec and the guide-only lifecycles live, relative to the site. */
export const specFolder = 'openapi';
export const guideLifecyclesPath = 'src/data/guide-lifecycles.yaml';

/** The published copies of the latest spec, at the site root (`/help/openapi.yaml`). */
export const publishedSpecFiles = {yaml: 'openapi.yaml', json: 'openapi.json'};

/** Each release's document, at `/help/openapi/<release>.yaml` (and `.json`). */
export const releaseSpecFolder = 'openapi';
export const releaseSpecFiles = (release: string) => ({
  yaml: `${releaseSpecFolder}/${release}.yaml`,
  json: `${releaseSpecFolder}/${release}.json`,
});

/** The remark plugin and its options, for the docs plugin's `beforeDefaultRemarkPlugins`. */
export function apiReferenceRemark(
  siteDir: string,
): [typeof apiReferenceRemarkPlugin, ApiReferenceOptions] {
  const specDir = path.join(siteDir, specFolder);
  const guideLifecyclesFile = path.join(siteDir, guideLifecyclesPath);
  return [
    apiReferenceRemarkPlugin,
    {
      specDir,
      guideLifecyclesFile,
      specHash: specHash(specDir, [guideLifecyclesFile]),
    },
  ];
}

/**
 * Publishes each release's OpenAPI document next to the pages that render it,
 * adds the reference's client module and head styles, and watches the spec
 * in development.
 */
export default function openapiReferencePlugin(context: LoadContext): Plugin {
  const specDir = path.join(context.siteDir, specFolder);
  return {
    name: 'openapi-reference',
    getClientModules() {
      return [path.join(__dirname, 'theme', 'client.ts')];
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
    getPathsToWatch() {
      return [
        `${specDir}/**/*.yaml`,
        path.join(context.siteDir, guideLifecyclesPath),
      ];
    },
    async postBuild({outDir}) {
      await mkdir(path.join(outDir, releaseSpecFolder), {recursive: true});
      for (const release of apiReleases) {
        const published = publishedSpec(
          (await loadRelease(specDir, release)).document,
        );
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
