import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {checkPage, minWordsFor, type PageToCheck} from './rules';

/**
 * Fails the build when a docs page (of any docs instance and version: the
 * guides and every release of the API section) or blog post breaks the
 * content rules: a missing title or description, a docs page under its
 * minimum length, or placeholder text. The message names every offending
 * file.
 */
export default function contentRulesPlugin(context: LoadContext): Plugin {
  const toFile = (source: string) => source.replace(/^@site\//, '');
  const read = (source: string) =>
    readFile(path.join(context.siteDir, toFile(source)), 'utf8');

  return {
    name: 'content-rules',
    async allContentLoaded({allContent}) {
      const docsInstances = Object.values(
        allContent['docusaurus-plugin-content-docs'] ?? {},
      ) as DocsContent[];
      const blog = allContent['docusaurus-plugin-content-blog']?.default as
        BlogContent | undefined;
      const pages: PageToCheck[] = await Promise.all([
        ...docsInstances
          .flatMap((docs) => docs.loadedVersions)
          .flatMap((version) =>
            version.docs.map(async (doc) => ({
              file: toFile(doc.source),
              frontMatter: doc.frontMatter,
              source: await read(doc.source),
              minWords: minWordsFor(toFile(doc.source)),
            })),
          ),
        ...(blog?.blogPosts ?? []).map(async (post) => ({
          file: toFile(post.metadata.source),
          frontMatter: post.metadata.frontMatter,
          source: await read(post.metadata.source),
        })),
      ]);
      const problems = pages.flatMap(checkPage);
      if (problems.length > 0) {
        throw new Error(
          `Content rules failed:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
        );
      }
    },
  };
}
