import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {
  deploymentFactsFile,
  type DeploymentFacts,
} from '../../model/deployment-facts.mjs';

/**
 * Writes the deployment facts of the loaded config (origin, base path,
 * search backend) into the build, so the post-build step, the deploy, the
 * servers and the tests read them from the build itself.
 */
export default function deploymentFactsPlugin({
  siteConfig,
}: LoadContext): Plugin {
  return {
    name: 'deployment-facts',
    async postBuild({outDir}) {
      const facts: DeploymentFacts = {
        url: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        search: siteConfig.themeConfig.algolia ? 'algolia' : 'local',
      };
      await writeFile(
        path.join(outDir, deploymentFactsFile),
        `${JSON.stringify(facts, null, 2)}\n`,
      );
    },
  };
}
