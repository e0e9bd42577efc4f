// Wraps the theme Layout so that a wrong-case address ends on the not-found
// page the server sent for it: the client router matches paths
// case-insensitively and would otherwise hydrate it into another page. It
// also puts a page's lead (src/lib/pageLead.ts) before its content.
import type {ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import NotFoundContent from '@theme/NotFound/Content';
import {isSitePath} from '@site/src/lib/siteRoutes';
import {usePageLead} from '@site/src/lib/pageLead';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const lead = usePageLead();
  if (isSitePath(pathname)) {
    const {children, ...rest} = props;
    return (
      <Layout {...rest}>
        {lead}
        {children}
      </Layout>
    );
  }
  return (
    <>
      <PageMetadata
        title={translate({
          id: 'theme.NotFound.title',
          message: 'Page Not Found',
        })}
      />
      <Layout>
        <NotFoundContent />
      </Layout>
    </>
  );
}
