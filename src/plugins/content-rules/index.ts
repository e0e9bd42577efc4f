import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {checksOn, type Page, type PagesContext} from './checks';
import {AuthoringError} from '../../model/authoringError';
import {loadApiModel, releaseSpec} from '../openapi-reference/model';
import {latestRelease, releaseOfFile} from '../openapi-reference/releases';
import {requestValidator} from './request-samples';
import {
  postDay,
  releaseOnDay,
  releaseShipDays,
} from '../openapi-reference/release-days';
import {minWordsFor} from './rules';

/**
 * Stops the build (and `npm start`) when a docs page (of any docs instance
 * and version: the guides and every release of the API section) or blog
 * post breaks a content rule: every `page` and `pages` check of the
 * registry (checks.ts), such as a missing title, a link that leads
 * nowhere, a name the page's API release does not have, a filter on a field
 * its list lacks, an undeclared bold label or a number typed by hand. One
 * message per mistake, each naming the file and line and what to do. After
 * the build, the registry's `built page` checks read the pages as they were
 * built (the figures of the app's screens); the `figure source` checks
 * read the figures' components once the pages are loaded.
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
      const pages: Page[] = await Promise.all([
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
      const {numbers} = model;
      const releases = [...model.releases].map(([release, spec]) => ({
        release,
        spec,
      }));
      const shipDays = releaseShipDays(numbers);
      const checkContext: PagesContext = {
        world: model.world,
        labels: model.labels,
        numbers,
        releases,
        requestValidators: new Map(
          await Promise.all(
            releases.map(
              async ({release, spec}) =>
                [release, await requestValidator(spec)] as const,
            ),
          ),
        ),
        shipDays,
        // A post describes the release of its day; a page, its folder's.
        releaseOf: (page) =>
          page.day === undefined
            ? releaseOfFile(page.file)
            : releaseOnDay(page.day, shipDays),
        specOf: (release) => releaseSpec(model, release),
        site: {
          routes,
          baseUrl: context.baseUrl,
          staticDirs: context.siteConfig.staticDirectories.map((dir) =>
            path.resolve(context.siteDir, dir),
          ),
        },
      };
      const problems = (
        await Promise.all([
          ...checksOn('page').flatMap((check) =>
            pages.map((page) => check.problems(page, checkContext)),
          ),
          ...checksOn('pages').map((check) =>
            check.problems(pages, checkContext),
          ),
        ])
      ).flat();
      if (problems.length > 0) {
        throw new AuthoringError('Pages break the content rules', problems);
      }
      // A figure's counts are read in its source: whether a number was
      // typed or computed does not show in the built page.
      const components = path.join(context.siteDir, 'src', 'components');
      const sources = (await readdir(components, {recursive: true})).filter(
        (entry) => entry.endsWith('.tsx'),
      );
      const figureProblems: string[] = [];
      for (const entry of sources) {
        const file = path.posix.join(
          'src/components',
          entry.split(path.sep).join('/'),
        );
        const source = await readFile(path.join(components, entry), 'utf8');
        for (const check of checksOn('figure source')) {
          figureProblems.push(...check.problems(file, source));
        }
      }
      if (figureProblems.length > 0) {
        throw new AuthoringError(
          'Figures break the content rules',
          figureProblems,
        );
      }
    },
    // The figures of the app's screens are React components: they are
    // checked as the pages show them (figures.ts).
    async postBuild({outDir}) {
      const {world, labels, numbers, releases} = await loadApiModel(
        context.siteDir,
      );
      const sources = {
        world,
        labels,
        numbers,
        spec: releases.get(latestRelease)!,
      };
      const entries = await readdir(outDir, {recursive: true});
      const problems: string[] = [];
      for (const entry of entries.filter((name) => name.endsWith('.html'))) {
        const html = await readFile(path.join(outDir, entry), 'utf8');
        if (html.includes('data-figure=')) {
          const page = `${context.baseUrl}${entry.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
          for (const check of checksOn('built page')) {
            problems.push(...check.problems(html, page, sources));
          }
        }
      }
      if (problems.length > 0) {
        throw new AuthoringError('Figures break the content rules', problems);
      }
    },
  };
}
