import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Writes `robots.txt` pointing crawlers at the sitemap, with the deployer's
 * site URL (so it is never kept by hand). Served at `/help/robots.txt`;
 * a host that owns the whole domain can serve the same file at `/robots.txt`.
 */
export default function robotsTxtPlugin({siteConfig}: LoadContext): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({outDir}) {
      const base = `${siteConfig.url}${siteConfig.baseUrl}`;
      const robots = [
        'User-agent: *',
        `Allow: ${siteConfig.baseUrl}`,
        `Disallow: ${siteConfig.baseUrl}search`,
        '',
        `Sitemap: ${base}sitemap.xml`,
        '',
      ].join('\n');
      await writeFile(path.join(outDir, 'robots.txt'), robots);
    },
  };
}
