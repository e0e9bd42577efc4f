import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {
  latestOnlyPages,
  latestRelease,
  releaseDocsPath,
  releaseOfFile,
} from './releases';

const latestPrefix = releaseDocsPath(latestRelease);

/**
 * Keeps a reader in the release they read: on an older release's pages, a
 * link to another API page (`/docs/api/store`, written by hand or by the
 * reference renderer) points at that page of the same release, except the
 * pages only the latest has (the changelog). Guides and the latest
 * release's pages link to the latest, as written.
 */
export default function remarkReleaseLinks() {
  return (root: Root, file: {path?: string}) => {
    const release = releaseOfFile(file.path);
    if (release === latestRelease) {
      return;
    }
    const prefix = releaseDocsPath(release);
    visit(root, ['link', 'definition'], (node) => {
      const target = node as {url: string};
      const page = /^[^/#?]+/.exec(
        target.url.slice(latestPrefix.length + 1),
      )?.[0];
      if (
        target.url.startsWith(`${latestPrefix}/`) &&
        !target.url.startsWith(`${prefix}/`) &&
        !latestOnlyPages.includes(page ?? '')
      ) {
        target.url = `${prefix}${target.url.slice(latestPrefix.length)}`;
      }
    });
  };
}
