import {readFileSync} from 'node:fs';
import path from 'node:path';
import {routes} from '../routes';

const buildDir = path.join(__dirname, '..', '..', 'build');

/** The paths the build's sitemap lists (the site's own list of its pages). */
export function sitemapPaths(): string[] {
  const xml = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
}

/**
 * The pages the sweep visits: the sitemap's, plus any route of the contract
 * that the sitemap lost (so a missing page still fails the sweep).
 */
export function sweptPaths(): string[] {
  return [...new Set([...sitemapPaths(), ...routes.map(({path}) => path)])];
}
