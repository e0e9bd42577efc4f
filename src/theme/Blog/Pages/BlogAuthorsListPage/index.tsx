// Gives the blog's authors page a description (upstream sets only a title),
// so search engines and link previews have one, like every other page.
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import type BlogAuthorsListPageType from '@theme/Blog/Pages/BlogAuthorsListPage';
import type {WrapperProps} from '@docusaurus/types';
import {useSiteFacts} from '@site/src/lib/siteFacts';

type Props = WrapperProps<typeof BlogAuthorsListPageType>;

export default function BlogAuthorsListPageWrapper(props: Props): ReactNode {
  const {productName} = useSiteFacts();
  return (
    <>
      <PageMetadata
        description={`The people who write the ${productName} blog: product managers, engineers and the documentation team.`}
      />
      <BlogAuthorsListPage {...props} />
    </>
  );
}
