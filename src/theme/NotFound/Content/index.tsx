// Wraps the not-found content with suggestions of the closest existing pages,
// taken from the router's own route table, and the main ways back in.
import type {ReactNode} from 'react';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import {suggestPages} from '@site/src/lib/pageSuggestions';
import {sitePaths} from '@site/src/lib/siteRoutes';
import styles from './styles.module.css';

type Props = WrapperProps<typeof NotFoundContentType>;

function Suggestions(): ReactNode {
  const {pathname} = useLocation();
  const baseUrl = useBaseUrl('/');
  const suggestions = suggestPages(pathname, sitePaths);
  if (suggestions.length === 0) {
    return null;
  }
  return (
    <>
      <Heading as="h2" className={styles.heading}>
        Did you mean
      </Heading>
      <ul>
        {suggestions.map((path) => (
          <li key={path}>
            <Link to={path}>{path.slice(baseUrl.length - 1) || '/'}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function NotFoundContentWrapper(props: Props): ReactNode {
  // The server renders one not-found page for every unknown address, so the
  // suggestions for this address appear once the page runs in the browser.
  const isBrowser = useIsBrowser();
  return (
    <>
      <NotFoundContent {...props} />
      <nav
        aria-label="Suggested pages"
        className={`container margin-bottom--xl ${styles.suggestions}`}>
        <div className="row">
          <div className="col col--6 col--offset-3">
            {isBrowser && <Suggestions />}
            <Heading as="h2" className={styles.heading}>
              Start again from
            </Heading>
            <ul>
              <li>
                <Link to="/">The help home page</Link>
              </li>
              <li>
                <Link to="/docs/getting-started/login">User Documentation</Link>
              </li>
              <li>
                <Link to="/docs/api/introduction">API Documentation</Link>
              </li>
            </ul>
          </div>
        </div>
      </nav>
    </>
  );
}
