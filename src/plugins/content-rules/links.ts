import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Nodes} from 'mdast';
import {readPage} from '../../model/page-reading';
import {normalisePath, suggestPages} from '../../lib/pageSuggestions';

/**
 * Finds the links of a page's Markdown that lead nowhere, at their lines:
 * a site address (`/docs/...`) that no page answers and no static file
 * holds, or a Markdown file (`./change.md`) that does not exist. Docusaurus
 * finds broken addresses only at the end of a production build, naming the
 * page's address; this names the file and line, in `npm start` too.
 */

export interface LinkSource {
  /** Path relative to the site, for messages. */
  file: string;
  /** Absolute path, to resolve relative links. */
  absoluteFile: string;
  source: string;
}

export interface SiteAddresses {
  /** Every page address, with the base URL (`/help/docs/...`). */
  routes: Set<string>;
  baseUrl: string;
  /** Folders of static files, served at the base URL. */
  staticDirs: string[];
}

const hasScheme = /^[a-z][a-z\d+.-]*:/i;
const markdownFile = /\.mdx?$/;

function linksOf(tree: Nodes): {url: string; line: number}[] {
  const found: {url: string; line: number}[] = [];
  const visit = (node: Nodes) => {
    if ((node.type === 'link' || node.type === 'definition') && node.position) {
      found.push({url: node.url, line: node.position.start.line});
    }
    if ('children' in node) {
      node.children.forEach((child) => visit(child as Nodes));
    }
  };
  visit(tree);
  return found;
}

/** One message per link of the pages that leads nowhere. */
export async function brokenLinks(
  pages: LinkSource[],
  site: SiteAddresses,
): Promise<string[]> {
  const routes = [...site.routes].map(normalisePath);
  const known = new Set(routes);
  return pages.flatMap((page) =>
    linksOf(readPage(page.source).tree).flatMap(({url, line}) => {
      const target = decodeURI(url.split(/[?#]/)[0]!);
      if (!target || hasScheme.test(url) || url.startsWith('//')) {
        return [];
      }
      const at = `${page.file}:${line}`;
      if (target.startsWith('/')) {
        const address = normalisePath(`${site.baseUrl}${target.slice(1)}`);
        const isStatic = site.staticDirs.some((dir) =>
          existsSync(path.join(dir, target)),
        );
        if (known.has(address) || isStatic) {
          return [];
        }
        const nearest = suggestPages(address, routes)[0];
        return [
          `${at}: the link ${url} leads to no page. ${
            nearest
              ? `Did you mean ${nearest.slice(site.baseUrl.length - 1)}?`
              : 'Link to an existing page.'
          }`,
        ];
      }
      if (
        markdownFile.test(target) &&
        !existsSync(path.resolve(path.dirname(page.absoluteFile), target))
      ) {
        return [
          `${at}: the link ${url} names a Markdown file that does not exist. Correct the file's path, relative to this page.`,
        ];
      }
      return [];
    }),
  );
}
