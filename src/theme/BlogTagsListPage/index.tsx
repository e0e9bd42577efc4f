// Gives the blog's tags page a description (upstream sets only a title),
// so search engines and link previews have one, like every other page.
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import type BlogTagsListPageType from '@theme/BlogTagsListPage';
import type {WrapperProps} from '@docusaurus/types';
import {useSiteFacts} from '@site/src/lib/siteFacts';

type Props = WrapperProps<typeof BlogTagsListPageType>;

export default function BlogTagsListPageWrapper(props: Props): ReactNode {
  const {productName} = useSiteFacts();
  return (
    <>
      <PageMetadata
        description={`Every topic of the ${productName} blog, from API changes to connector news, with the posts on each.`}
      />
      <BlogTagsListPage {...props} />
    </>
  );
}
