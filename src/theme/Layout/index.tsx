// Wraps the theme Layout so that a wrong-case address ends on the not-found
// page the server sent for it: the client router matches paths
// case-insensitively and would otherwise hydrate it into another page.
import type {ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import NotFoundContent from '@theme/NotFound/Content';
import {isSitePath} from '@site/src/lib/siteRoutes';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  if (isSitePath(pathname)) {
    return <Layout {...props} />;
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
