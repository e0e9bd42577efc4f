import type {ReactNode} from 'react';

export interface ApiCodeProps {
  /** Prism language of the code. */
  prism: string;
  /** The code, highlighted at build time (Prism token spans, escaped text). */
  html: string;
  /** The sample's language key, when it is one of a set of request samples. */
  language?: string;
  /** The language's name, shown above the code when JavaScript is off. */
  label?: string;
}

/**
 * A code block of the API reference, static: its HTML was highlighted at
 * build time, so hydration neither tokenises it nor builds a node per token.
 * The copy button works through the reference's client module.
 */
export default function ApiCode({
  prism,
  html,
  language,
  label,
}: ApiCodeProps): ReactNode {
  return (
    <div className="api-code" data-language={language}>
      {label && <p className="api-code__label">{label}</p>}
      <pre className={`api-code__pre language-${prism}`} tabIndex={0}>
        <code
          className={`language-${prism}`}
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
