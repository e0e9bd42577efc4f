import type {ReactNode} from 'react';
import Loadable from 'react-loadable';
import BrowserOnly from '@docusaurus/BrowserOnly';
import Loading from '@theme/Loading';
import styles from './styles.module.css';

// The checker is a separate chunk that the router does not preload: pages
// load it only when it is shown, and @theme/Loading offers 'Retry' if that
// load fails.
const QueryCheckerForm = Loadable({
  loader: () => import('./QueryCheckerForm'),
  loading: Loading,
});

export default function QueryChecker(): ReactNode {
  return (
    <section className={styles.checker} aria-label="Query checker">
      <BrowserOnly
        fallback={
          <p className={styles.noScript}>
            The query checker runs in your browser. If it does not appear, check
            that JavaScript is on for this site.
          </p>
        }>
        {() => <QueryCheckerForm />}
      </BrowserOnly>
    </section>
  );
}
