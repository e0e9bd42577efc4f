// cspell:words easyops
import {existsSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type {Plugin} from '@docusaurus/types';
import {readDataFile} from '../../model/dataFile';
import type {SynonymData} from '../../theme/SearchBar/searchIndex';

/**
 * The local search theme (@easyops-cn/docusaurus-search-local) keeps its
 * query step and its result line in two modules it offers no option for:
 * every word of a query was required, a page came back as up to five
 * passages, and a result's first line was a passage cut anywhere. This
 * points the theme's imports of those two modules at the site's own
 * (`src/theme/SearchBar/searchByWorker.ts`, which asks a worker running
 * `ranking.ts`, and `SuggestionTemplate.ts`), and gives the worker the
 * synonyms of `src/data/search-synonyms.yaml`. The theme's index, search
 * box, keyboard handling and results page stay as they are.
 */

const themeDir = path.dirname(
  require.resolve('@easyops-cn/docusaurus-search-local/package.json'),
);
const themeClient = path.join(themeDir, 'dist', 'client', 'client', 'theme');

/** The theme's module, the request that imports it, and the site's own. */
const replacements = [
  {
    original: path.join(themeClient, 'searchByWorker.js'),
    request: /^\.\.\/searchByWorker$/,
    replacement: path.join(
      __dirname,
      '..',
      '..',
      'theme',
      'SearchBar',
      'searchByWorker.ts',
    ),
  },
  {
    original: path.join(themeClient, 'SearchBar', 'SuggestionTemplate.js'),
    request: /^\.\/SuggestionTemplate$/,
    replacement: path.join(
      __dirname,
      '..',
      '..',
      'theme',
      'SearchBar',
      'SuggestionTemplate.ts',
    ),
  },
];

const siteDir = path.join(__dirname, '..', '..', '..');
const synonymsPath = 'src/data/search-synonyms.yaml';
export const synonymsFile = path.join(siteDir, synonymsPath);

/** A word or phrase of a group; YAML reads a bare number as one. */
const word = z.union([z.string().min(1), z.number()]);

const synonymsSchema = z.strictObject({
  /** Words and phrases that mean the same thing to a reader. */
  groups: z.array(z.array(word).min(2, 'a group joins two words or more')),
  /** Words of a question that say nothing about its subject. */
  ignore: z.array(z.string().min(1)),
});

/** The synonyms, read against their schema. */
export function loadSynonyms(): SynonymData {
  const data = readDataFile(
    siteDir,
    synonymsPath,
    synonymsSchema,
    'the search synonyms',
  );
  return {
    groups: data.groups.map((group) => group.map(String)),
    ignore: data.ignore,
  };
}

/**
 * The bundler's own vendor group, but for lunr: only the search worker uses
 * it, and split off it would be fetched by the worker's script once that
 * has run, a round trip after it (on the phone profile, about 150 ms more
 * before a first search can start).
 */
const workerKeepsLunr = {
  cacheGroups: {
    defaultVendors: {
      idHint: 'vendors',
      test: /[\\/]node_modules[\\/](?!lunr[\\/])/i,
      priority: -10,
      reuseExistingChunk: true,
    },
  },
};

export default function searchRankingPlugin(): Plugin {
  // A theme update that moves either module fails the build here, rather
  // than leaving the theme's own ranking in place without a word.
  for (const {original} of replacements) {
    if (!existsSync(original)) {
      throw new Error(
        `search-ranking: ${original} is gone; check the search theme's update against src/plugins/search-ranking.`,
      );
    }
  }
  const synonyms = loadSynonyms();
  return {
    name: 'search-ranking',
    getPathsToWatch() {
      return [synonymsFile];
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      return {
        ...(isServer ? {} : {optimization: {splitChunks: workerKeepsLunr}}),
        plugins: [
          ...replacements.map(
            ({request, replacement}) =>
              new bundler.NormalModuleReplacementPlugin(
                request,
                (resolveData: {context?: string; request: string}) => {
                  if (resolveData.context?.startsWith(themeClient)) {
                    resolveData.request = replacement;
                  }
                },
              ),
          ),
          new bundler.DefinePlugin({
            SEARCH_SYNONYMS: JSON.stringify(synonyms),
          }),
        ],
      };
    },
  };
}
