import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {AuthoringError} from '../../model/authoringError';
import {loadApiModel, releaseSpec} from '../openapi-reference/model';
import {releaseOfFile} from '../openapi-reference/releases';
import {loadWorld} from '../openapi-reference/world';
import {apiNameProblems} from './api-names';
import {requestValidator} from './request-samples';
import {boldLabels, labelProblems, loadAppLabels} from '../../model/labels';
import {figureProblems} from './figures';
import {brokenLinks, type LinkSource} from './links';
import {
  loadProductNumbers,
  pageNumberProblems,
} from '../../model/product-numbers';
import {postDay, releaseOnDay, releaseShipDays} from './post-release';
import {checkPage, minWordsFor, type PageToCheck} from './rules';

/**
 * Stops the build (and `npm start`) when a docs page (of any docs instance
 * and version: the guides and every release of the API section) or blog
 * post breaks the content rules: a missing title or description, a docs
 * page under its minimum length, placeholder text, a link that leads
 * nowhere, an operation, webhook event, error code or filter that the
 * page's API release does not have, a JSON sample that contradicts the
 * sample world (api-names.ts), or a bold label that src/data/app-labels.yaml
 * does not declare (labels.ts), or a number of the product typed by hand or
 * contradicted rather than stated with `<Limit>` (numbers.ts). One message per mistake, each naming the file and line and what
 * to do. After the build, the figures of the app's screens are checked in
 * the pages as they were built (figures.ts).
 */
export default function contentRulesPlugin(context: LoadContext): Plugin {
  const toFile = (source: string) => source.replace(/^@site\//, '');
  const absolute = (source: string) =>
    path.join(context.siteDir, toFile(source));
  const read = (source: string) => readFile(absolute(source), 'utf8');

  return {
    name: 'content-rules',
    async allContentLoaded({allContent}) {
      const docsInstances = Object.values(
        allContent['docusaurus-plugin-content-docs'] ?? {},
      ) as DocsContent[];
      const blog = allContent['docusaurus-plugin-content-blog']?.default as
        BlogContent | undefined;
      const sitePages = (allContent['docusaurus-plugin-content-pages']
        ?.default ?? []) as {permalink: string}[];
      const versions = docsInstances.flatMap((docs) => docs.loadedVersions);
      const pages: (PageToCheck & LinkSource & {day?: string})[] =
        await Promise.all([
          ...versions.flatMap((version) =>
            version.docs.map(async (doc) => ({
              file: toFile(doc.source),
              absoluteFile: absolute(doc.source),
              frontMatter: doc.frontMatter,
              source: await read(doc.source),
              minWords: minWordsFor(toFile(doc.source)),
            })),
          ),
          ...(blog?.blogPosts ?? []).map(async (post) => ({
            file: toFile(post.metadata.source),
            absoluteFile: absolute(post.metadata.source),
            frontMatter: post.metadata.frontMatter,
            source: await read(post.metadata.source),
            day: postDay(post.metadata.date),
          })),
        ]);
      const routes = new Set([
        ...versions.flatMap((version) => [
          version.path,
          ...version.docs.map((doc) => doc.permalink),
        ]),
        ...(blog
          ? [
              ...blog.blogPosts.map((post) => post.metadata.permalink),
              // The blog's own page, where its tags page sits.
              path.posix.dirname(blog.blogTagsListPath),
              ...Object.values(blog.blogTags).map((tag) => tag.permalink),
              blog.blogTagsListPath,
            ]
          : []),
        ...sitePages.map((page) => page.permalink),
      ]);
      const model = await loadApiModel(context.siteDir);
      const world = loadWorld(context.siteDir);
      const labels = loadAppLabels(context.siteDir);
      const numbers = loadProductNumbers(context.siteDir);
      const releases = [...model.releases].map(([release, spec]) => ({
        release,
        spec,
      }));
      const requestValidators = new Map(
        await Promise.all(
          releases.map(
            async ({release, spec}) =>
              [release, await requestValidator(spec)] as const,
          ),
        ),
      );
      const shipDays = releaseShipDays(numbers);
      const problems = [
        ...pages.flatMap(checkPage),
        ...pages.flatMap((page) => {
          // A post describes the release of its day; a page, its folder's.
          const release =
            page.day === undefined
              ? releaseOfFile(page.file)
              : releaseOnDay(page.day, shipDays);
          return apiNameProblems(
            page,
            releaseSpec(model, release),
            release,
            releases,
            world,
            requestValidators,
            page.day === undefined ? undefined : {day: page.day, shipDays},
          );
        }),
        ...pages.flatMap((page) =>
          labelProblems(page.file, boldLabels(page.source), labels.all),
        ),
        ...pages.flatMap((page) =>
          pageNumberProblems(page.file, page.source, numbers),
        ),
        ...(await brokenLinks(pages, {
          routes,
          baseUrl: context.baseUrl,
          staticDirs: context.siteConfig.staticDirectories.map((dir) =>
            path.resolve(context.siteDir, dir),
          ),
        })),
      ];
      if (problems.length > 0) {
        throw new AuthoringError('Pages break the content rules', problems);
      }
    },
    // The figures of the app's screens are React components: they are
    // checked as the pages show them (figures.ts).
    async postBuild({outDir}) {
      const sources = {
        world: loadWorld(context.siteDir),
        labels: loadAppLabels(context.siteDir),
        numbers: loadProductNumbers(context.siteDir),
      };
      const entries = await readdir(outDir, {recursive: true});
      const problems: string[] = [];
      for (const entry of entries.filter((name) => name.endsWith('.html'))) {
        const html = await readFile(path.join(outDir, entry), 'utf8');
        if (html.includes('data-figure=')) {
          const page = `${context.baseUrl}${entry.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
          problems.push(...figureProblems(html, page, sources));
        }
      }
      if (problems.length > 0) {
        throw new AuthoringError('Figures break the content rules', problems);
      }
    },
  };
}
