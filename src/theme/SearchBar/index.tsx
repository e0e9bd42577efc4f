// Caps the query of the navbar's search box (see src/lib/searchQuery.ts for
// why), both typed into it and arriving in the address: a link's
// `?_highlight=` words fill the box and are marked on the page, so an
// address whose words pass the cap is replaced by one whose words fit,
// before the original box reads it. The search page has the same cap.
import {useEffect, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {
  cappedHighlights,
  maxQueryLength,
  useCappedInputs,
} from '@site/src/lib/searchQuery';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchBarType>;

/** The theme's parameter for the words to mark. */
const highlightParameter = '_highlight';

export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useCappedInputs();
  const location = useLocation();
  const history = useHistory();
  // The server and hydration render without the address's query.
  const search = useIsBrowser() ? location.search : '';
  const tooLong =
    new URLSearchParams(search).getAll(highlightParameter).join(' ').length >
    maxQueryLength;
  useEffect(() => {
    if (tooLong) {
      const parameters = new URLSearchParams(location.search);
      const words = parameters.getAll(highlightParameter);
      parameters.delete(highlightParameter);
      for (const word of cappedHighlights(words)) {
        parameters.append(highlightParameter, word);
      }
      history.replace({...location, search: `?${parameters.toString()}`});
    }
  }, [tooLong, location, history]);
  return (
    <div ref={container} className={styles.container}>
      {/* The original reads the words as it mounts: it waits for the cap. */}
      {tooLong ? null : <SearchBar {...props} />}
    </div>
  );
}
