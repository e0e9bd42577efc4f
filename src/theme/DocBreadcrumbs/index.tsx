// Adds "Copy page as Markdown" under the breadcrumbs of every docs page, for
// readers who paste a page into an AI assistant or an issue.
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import CopyMarkdownButton from '@site/src/components/CopyMarkdownButton';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <>
      <DocBreadcrumbs {...props} />
      <CopyMarkdownButton />
    </>
  );
}
