// Caps the length of a search query: the local search matches each term
// fuzzily, and a 10,000-character query kept its worker busy for minutes,
// so every later search hung. 200 characters is far more than any query.
import {useEffect, useRef, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchBarType>;

export const maxQueryLength = 200;

export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelectorAll('input').forEach((input) => {
      input.maxLength = maxQueryLength;
    });
  }, []);
  return (
    <div ref={container} className={styles.container}>
      <SearchBar {...props} />
    </div>
  );
}
