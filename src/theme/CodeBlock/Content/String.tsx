// Ejected from @docusaurus/theme-classic 3.10.2 (src/theme/CodeBlock/Content/String.tsx):
// the block's metadata also carries the lines highlighted when the site built
// (the `highlighted` prop), which ./index.tsx shows instead of running Prism.
import type {ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {
  CodeBlockContextProvider,
  createCodeBlockMetadata,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import type {Props as UpstreamProps} from '@theme/CodeBlock/Content/String';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import {
  lineHtml,
  type HighlightedMetadata,
} from '@site/src/lib/highlightedLines';

type Props = UpstreamProps & {
  /** Each written line's HTML, joined by line breaks (src/plugins/static-code). */
  readonly highlighted?: string;
};

function useCodeBlockMetadata(props: Props): HighlightedMetadata {
  const {prism} = useThemeConfig();
  const metadata = createCodeBlockMetadata({
    code: props.children,
    className: props.className,
    metastring: props.metastring,
    magicComments: prism.magicComments,
    defaultLanguage: prism.defaultLanguage,
    language: props.language,
    title: props.title,
    showLineNumbers: props.showLineNumbers,
  });
  return {...metadata, lineHtml: lineHtml(metadata, props.highlighted)};
}

export default function CodeBlockString(props: Props): ReactNode {
  const metadata = useCodeBlockMetadata(props);
  const wordWrap = useCodeWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  );
}
