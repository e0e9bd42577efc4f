// The page of an old tag address (blog-tag-aliases): the tag's own page, as
// the theme's BlogTagsPostsPage draws it, with a line giving the address
// the list has now.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {
  HtmlClassNameProvider,
  PageMetadata,
  ThemeClassNames,
} from '@docusaurus/theme-common';
import BlogLayout from '@theme/BlogLayout';
import BlogListPaginator from '@theme/BlogListPaginator';
import BlogPostItems from '@theme/BlogPostItems';
import Heading from '@theme/Heading';
import SearchMetadata from '@theme/SearchMetadata';
import type {Props as TagPageProps} from '@theme/BlogTagsPostsPage';
import type {TagAliasProps} from './index';

type Props = TagPageProps & TagAliasProps;

/** The theme's title of a tag page, in the site's one language. */
const titleOf = ({label, count}: TagPageProps['tag']) =>
  `${count === 1 ? 'One post' : `${count} posts`} tagged with "${label}"`;

export default function BlogTagAliasPage({
  tag,
  items,
  sidebar,
  listMetadata,
  movedTo,
}: Props): ReactNode {
  const title = titleOf(tag);
  return (
    <HtmlClassNameProvider
      className={clsx(
        ThemeClassNames.wrapper.blogPages,
        ThemeClassNames.page.blogTagPostListPage,
      )}>
      <PageMetadata title={title} description={tag.description} />
      <SearchMetadata tag="blog_tags_posts" />
      <BlogLayout sidebar={sidebar}>
        <header className="margin-bottom--xl">
          <Heading as="h1">{title}</Heading>
          {tag.description && <p>{tag.description}</p>}
          <p className="ih-prose">
            This list has a new address, named after its topic:{' '}
            <Link to={movedTo}>{movedTo}</Link>. This one keeps working.
          </p>
          <Link href={tag.allTagsPath}>View All Tags</Link>
        </header>
        <BlogPostItems items={items} />
        <BlogListPaginator metadata={listMetadata} />
      </BlogLayout>
    </HtmlClassNameProvider>
  );
}
