// Caps the search page's query (see src/lib/searchQuery.ts), both typed into
// its box and arriving in the address (/search?q=…), before the page
// searches with it, and lets the reader choose the API release searched.
import {useEffect, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import type SearchPageType from '@theme/SearchPage';
import type {WrapperProps} from '@docusaurus/types';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {maxQueryLength, useCappedInputs} from '@site/src/lib/searchQuery';
import {PageLead} from '@site/src/lib/pageLead';
import ReleaseSearchSwitch from '@site/src/components/ReleaseSearchSwitch';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchPageType>;

const queryParameter = 'q';

export default function SearchPageWrapper(props: Props): ReactNode {
  const container = useCappedInputs();
  const location = useLocation();
  const history = useHistory();
  // The server and hydration render without the address's query.
  const query = useIsBrowser()
    ? (new URLSearchParams(location.search).get(queryParameter) ?? '')
    : '';
  const tooLong = query.length > maxQueryLength;
  useEffect(() => {
    if (tooLong) {
      const parameters = new URLSearchParams(location.search);
      parameters.set(queryParameter, query.slice(0, maxQueryLength));
      history.replace({...location, search: `?${parameters.toString()}`});
    }
  }, [tooLong, query, location, history]);
  return (
    <div ref={container} className={styles.container}>
      {/* The original searches as it mounts: it waits for the capped query. */}
      {tooLong ? null : (
        <PageLead.Provider value={<ReleaseSearchSwitch />}>
          <SearchPage {...props} />
        </PageLead.Provider>
      )}
    </div>
  );
}
