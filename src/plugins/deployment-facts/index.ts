import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {searchIndexFolders} from '../release-search';
import {
  deploymentFactsFile,
  type DeploymentFacts,
} from '../../model/deployment-facts.mjs';

export interface DeploymentFactsOptions {
  /** The sandbox's base URL Try it sends to (docusaurus.config.ts). */
  sandboxApiUrl: string;
}

/**
 * Writes the deployment facts of the loaded config (origin, base path,
 * search backend and the folders of its indexes, the sandbox's origin) into
 * the build, so the post-build step, the deploy, the servers and the tests
 * read them from the build itself.
 */
export default function deploymentFactsPlugin(
  {siteConfig}: LoadContext,
  {sandboxApiUrl}: DeploymentFactsOptions,
): Plugin {
  return {
    name: 'deployment-facts',
    async postBuild({outDir, plugins}) {
      const algolia = Boolean(siteConfig.themeConfig.algolia);
      const facts: DeploymentFacts = {
        url: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        search: algolia ? 'algolia' : 'local',
        searchFolders: algolia
          ? []
          : searchIndexFolders(plugins, siteConfig.baseUrl),
        sandbox: new URL(sandboxApiUrl).origin,
      };
      await writeFile(
        path.join(outDir, deploymentFactsFile),
        `${JSON.stringify(facts, null, 2)}\n`,
      );
    },
  };
}
