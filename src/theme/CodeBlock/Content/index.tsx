// Ejected from @docusaurus/theme-classic 3.10.2 (src/theme/CodeBlock/Content/index.tsx
// and CodeBlock/Line): the lines are the HTML highlighted when the site built
// (./String.tsx), not Prism's tokens, so no page loads Prism. The markup and
// class names are upstream's; the token colours are CSS (src/plugins/static-code).
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import type {HighlightedMetadata} from '@site/src/lib/highlightedLines';
import styles from './styles.module.css';

function Line({
  html,
  classNames,
  showLineNumbers,
}: {
  html: string;
  classNames: string[] | undefined;
  showLineNumbers: boolean;
}): ReactNode {
  // The line break keeps an empty line one line high, as upstream's does.
  const content = {__html: `${html}<br>`};
  const className = clsx(
    'token-line',
    classNames,
    showLineNumbers && styles.codeLine,
  );
  return showLineNumbers ? (
    <div className={className}>
      <span className={styles.codeLineNumber} />
      <span
        className={styles.codeLineContent}
        dangerouslySetInnerHTML={content}
      />
    </div>
  ) : (
    <div className={className} dangerouslySetInnerHTML={content} />
  );
}

export default function CodeBlockContent({
  className: classNameProp,
}: Props): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const {language, lineNumbersStart, lineClassNames, lineHtml} =
    metadata as HighlightedMetadata;
  const showLineNumbers = lineNumbersStart !== undefined;
  return (
    <pre
      ref={codeBlockRef}
      tabIndex={0}
      className={clsx(
        classNameProp,
        'prism-code',
        `language-${language}`,
        styles.codeBlock,
        'thin-scrollbar',
      )}>
      <code
        className={clsx(
          styles.codeBlockLines,
          showLineNumbers && styles.codeBlockLinesWithNumbering,
        )}
        style={{
          counterReset: showLineNumbers
            ? `line-count ${lineNumbersStart - 1}`
            : undefined,
        }}>
        {lineHtml.map((html, index) => (
          <Line
            key={index}
            html={html}
            classNames={lineClassNames[index]}
            showLineNumbers={showLineNumbers}
          />
        ))}
      </code>
    </pre>
  );
}
