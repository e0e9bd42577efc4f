import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {
  BlogContent,
  BlogPost,
  BlogSidebar,
  BlogTag,
} from '@docusaurus/plugin-content-blog';
import {AuthoringError} from '../../model/authoringError';

export interface BlogTagAliasesOptions {
  /**
   * Old tag addresses (the last part, `/blog/tags/<old>`) and the key of
   * the tag in blog/tags.yml whose posts they list now.
   */
  aliases: Record<string, string>;
  /** The blog's `blogSidebarCount`, so an old address has the same sidebar. */
  sidebarCount: number;
}

/** What an old address's page gets besides the tag's own page props. */
export interface TagAliasProps {
  /** The address the tag's posts are listed at now. */
  readonly movedTo: string;
}

/**
 * Keeps the blog's old tag addresses (`/blog/tags/facebook`) answering with
 * a real page after their tags were renamed to say what they are about
 * (`/blog/tags/api`): the same list of posts, in the sitemap with its own
 * canonical address, and a line that gives the new address. A redirect page
 * would leave the old addresses out of the sitemap and without a title, a
 * description or a canonical address of their own; the route contract
 * (tests/routes.ts) keeps them as pages.
 */
export default function blogTagAliasesPlugin(
  context: LoadContext,
  options: BlogTagAliasesOptions,
): Plugin {
  return {
    name: 'blog-tag-aliases',
    async allContentLoaded({allContent, actions}) {
      const blog = allContent['docusaurus-plugin-content-blog']?.default as
        BlogContent | undefined;
      if (!blog) {
        return;
      }
      const tagsListPath = blog.blogTagsListPath;
      const tags = Object.values(blog.blogTags);
      const byKey = new Map(
        tags.map((tag) => [path.posix.basename(tag.permalink), tag]),
      );
      const problems = Object.entries(options.aliases).flatMap(
        ([alias, key]) => [
          ...(byKey.has(alias)
            ? [
                `docusaurus.config.ts: the old tag address ${tagsListPath}/${alias} is a tag's own address again; remove it from the blog tag aliases.`,
              ]
            : []),
          ...(byKey.has(key)
            ? []
            : [
                `docusaurus.config.ts: the old tag address ${tagsListPath}/${alias} names the tag ${key}, which no post of blog/tags.yml has. Name one of ${[...byKey.keys()].join(', ')}.`,
              ]),
        ],
      );
      if (problems.length > 0) {
        throw new AuthoringError('The blog tag aliases are wrong', problems);
      }

      const postsById = new Map<string, BlogPost>(
        blog.blogPosts.map((post) => [post.id, post]),
      );
      const sidebar: BlogSidebar = {
        title: blog.blogSidebarTitle,
        items: blog.blogPosts.slice(0, options.sidebarCount).map((post) => ({
          title:
            (post.metadata.frontMatter.sidebar_label as string | undefined) ??
            post.metadata.title,
          permalink: post.metadata.permalink,
          unlisted: post.metadata.unlisted,
          date: post.metadata.date,
        })),
      };
      // Named through the generated files' alias, not by its absolute path:
      // a chunk is named after its module's path, so the same commit built
      // in another folder must see the same path.
      const sidebarModule = `@generated/${path.posix.join(
        ...path
          .relative(
            context.generatedFilesDir,
            await actions.createData('blog-tag-aliases-sidebar.json', sidebar),
          )
          .split(path.sep),
      )}`;

      for (const [alias, key] of Object.entries(options.aliases)) {
        const tag: BlogTag = byKey.get(key)!;
        const aliasPath = `${tagsListPath}/${alias}`;
        tag.pages.forEach((page) => {
          const movedTo = page.metadata.permalink;
          actions.addRoute({
            path: movedTo.replace(tag.permalink, aliasPath),
            component: '@site/src/plugins/blog-tag-aliases/BlogTagAliasPage',
            exact: true,
            modules: {
              sidebar: sidebarModule,
              items: page.items.map((id) => ({
                content: {
                  __import: true,
                  path: postsById.get(id)!.metadata.source,
                  query: {truncated: true},
                },
              })),
            },
            props: {
              tag: {
                label: tag.label,
                permalink: tag.permalink,
                description: tag.description,
                allTagsPath: tagsListPath,
                count: tag.items.length,
                unlisted: tag.unlisted,
              },
              listMetadata: page.metadata,
              movedTo,
            },
          });
        });
      }
    },
  };
}
