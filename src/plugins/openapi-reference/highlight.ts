import {Prism} from 'prism-react-renderer';

/**
 * Syntax highlighting at build time: code samples and JSON examples become
 * HTML with Prism's `token` classes, so the browser neither tokenises them
 * nor hydrates a code-block component per sample. The colours come from the
 * site's Prism palettes (see `codeTokenStyles` in ./styles).
 */

/** Prism grammars the reference needs beyond those prism-react-renderer bundles. */
const extraGrammars = [
  'bash',
  'ruby',
  'markup-templating',
  'php',
  'java',
  'csv',
] as const;

let loaded: Promise<void> | undefined;

/** Loads the extra grammars into prism-react-renderer's Prism, once. */
export function loadGrammars(): Promise<void> {
  loaded ??= (async () => {
    // Prism's language files extend a global Prism.
    const global = globalThis as {Prism?: typeof Prism};
    const previous = global.Prism;
    global.Prism = Prism;
    for (const grammar of extraGrammars) {
      await import(`prismjs/components/prism-${grammar}.js`);
    }
    global.Prism = previous;
  })();
  return loaded;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** The code as HTML: Prism token spans, or escaped text for an unknown language. */
export function highlight(code: string, language: string): string {
  const grammar = Prism.languages[language];
  return grammar ? Prism.highlight(code, grammar, language) : escapeHtml(code);
}
