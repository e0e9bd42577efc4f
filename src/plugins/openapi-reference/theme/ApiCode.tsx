import {useEffect, useRef, useState, type ReactNode} from 'react';
import './behaviour';

/**
 * A page's highlighted code (see page-code.ts): on the server, the list of
 * its HTML; in the browser, the address of the list.
 */
export type PageCode = readonly string[] | string;

export interface ApiCodeProps {
  /** Prism language of the code. */
  prism: string;
  /** The page's code, highlighted at build time (Prism token spans, escaped text). */
  codes: PageCode;
  /** This block's place in the page's code. */
  index: number;
  /** The sample's language key, when it is one of a set of request samples. */
  language?: string;
  /** The language's name, shown above the code when JavaScript is off. */
  label?: string;
}

/** Each page's code list, fetched once for all its blocks. */
const fetched: Record<string, Promise<readonly string[]>> = {};

/**
 * The block's HTML: on the server, from the page's code. In the browser, a
 * page that came with its HTML hydrates with the code as it is there (React
 * leaves what `dangerouslySetInnerHTML` holds as the server wrote it), so
 * nothing loads; a block that mounts empty (a page opened by a link) fetches
 * the page's code. If that fails (an error page is no list either), the page
 * is loaded again from the server, as a page whose script failed to load is.
 */
function useCodeHtml(codes: PageCode, index: number) {
  const element = useRef<HTMLElement>(null);
  const [html, setHtml] = useState(
    typeof codes === 'string' ? '' : (codes[index] ?? ''),
  );
  useEffect(() => {
    if (typeof codes === 'string' && !element.current?.hasChildNodes()) {
      (fetched[codes] ??= fetch(codes).then(
        (response) => response.json() as Promise<readonly string[]>,
      )).then(
        (list) => setHtml(list[index] ?? ''),
        () => window.location.reload(),
      );
    }
  }, [codes, index]);
  return {element, html};
}

/**
 * A code block of the API reference, static: its HTML was highlighted at
 * build time, so hydration neither tokenises it nor builds a node per token.
 * The copy button works through theme/behaviour.ts.
 */
export default function ApiCode({
  prism,
  codes,
  index,
  language,
  label,
}: ApiCodeProps): ReactNode {
  const {element, html} = useCodeHtml(codes, index);
  return (
    <div className="api-code" data-language={language}>
      {label && <p className="api-code__label">{label}</p>}
      <pre className={`api-code__pre language-${prism}`} tabIndex={0}>
        <code
          ref={element}
          className={`language-${prism}`}
          // In the browser the page's HTML holds the code: see useCodeHtml.
          dangerouslySetInnerHTML={{__html: html}}
        />
      </pre>
      <button
        type="button"
        className="api-code__copy"
        aria-label={label ? `Copy the ${label} sample` : 'Copy the example'}>
        Copy
      </button>
    </div>
  );
}
