import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useVersions} from '@docusaurus/plugin-content-docs/client';
import {apiDocsPluginId} from '@site/src/plugins/openapi-reference/api-section';
import styles from './styles.module.css';

/**
 * The search page's choice of API release (issue 31): each release has its
 * own index, with the guides and the blog in every one (see
 * src/plugins/release-search). A page of an older release opens the search
 * page on that release's index (the theme's `version` parameter, the
 * release's folder); these links switch it, keeping the query.
 */

/** The search theme's parameter naming the index's folder under the base URL. */
const versionParameter = 'version';

export default function ReleaseSearchSwitch(): ReactNode {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const releases = useVersions(apiDocsPluginId);
  const location = useLocation();
  // The server and hydration render without the address's query.
  const search = useIsBrowser() ? location.search : '';
  if (releases.length < 2) {
    return null;
  }
  const searched = new URLSearchParams(search).get(versionParameter) ?? '';
  const folderOf = (path: string, isLast: boolean) =>
    isLast ? '' : `${path.slice(baseUrl.length)}/`;
  return (
    <nav
      className={clsx('container', styles.switch)}
      aria-label="API release searched">
      <span className={styles.intro}>
        Search the guides with the API reference of
      </span>
      <ul className={styles.releases}>
        {releases.map(({name, label, path, isLast}) => {
          const folder = folderOf(path, isLast);
          const parameters = new URLSearchParams(search);
          if (folder) {
            parameters.set(versionParameter, folder);
          } else {
            parameters.delete(versionParameter);
          }
          const current = folder === searched;
          return (
            <li key={name}>
              <Link
                className={clsx(
                  'button button--sm',
                  current ? 'button--primary' : 'button--secondary',
                )}
                to={`/search?${parameters.toString()}`}
                aria-current={current ? 'true' : undefined}>
                {isLast ? `${label} (latest)` : label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
