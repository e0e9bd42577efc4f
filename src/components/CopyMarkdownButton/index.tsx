import {useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

const messages: Record<Status, string> = {
  idle: '',
  copied: 'Page copied as Markdown',
  failed: 'Could not copy the page',
};

/** The build writes a Markdown copy of every docs page at `<route>.md`. */
export const markdownUrl = (pathname: string) =>
  `${pathname.replace(/\/$/, '')}.md`;

/** Copies the current docs page, as Markdown, to the clipboard. */
export default function CopyMarkdownButton(): ReactNode {
  const {pathname} = useLocation();
  const [status, setStatus] = useState<Status>('idle');

  async function copy() {
    try {
      const response = await fetch(markdownUrl(pathname));
      if (!response.ok) {
        throw new Error(`HTTP ${response.status}`);
      }
      await navigator.clipboard.writeText(await response.text());
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <div className={styles.copy}>
      <button
        type="button"
        className="button button--sm button--outline button--secondary"
        onClick={copy}>
        Copy page as Markdown
      </button>
      {/* pathname:// keeps the router away: the copy is a static file. */}
      <Link className={styles.link} to={`pathname://${markdownUrl(pathname)}`}>
        View Markdown
      </Link>
      <span role="status" className={styles.status}>
        {messages[status]}
      </span>
    </div>
  );
}
