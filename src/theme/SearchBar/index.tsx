// Caps the length of a query typed into the navbar's search box (see
// src/lib/searchQuery.ts for why); the search page has the same cap.
import type {ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {useCappedInputs} from '@site/src/lib/searchQuery';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchBarType>;

export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useCappedInputs();
  return (
    <div ref={container} className={styles.container}>
      <SearchBar {...props} />
    </div>
  );
}
