import {Prism} from 'prism-react-renderer';
import {escapeHtml} from '../lib/escapeHtml';
import {darkCodePalette, lightCodePalette, tokenGroups} from './themes';

type TokenStream = Parameters<typeof Prism.Token.stringify>[0];

/**
 * Syntax highlighting at build time, for every code block of the site: the
 * API reference's samples and examples, and the fenced blocks of guides and
 * posts (see `src/plugins/static-code`). Code becomes HTML with Prism's
 * `token` classes, so the browser neither loads Prism nor tokenises code; the
 * colours are CSS rules drawn from the site's palettes (`./themes`).
 */

/**
 * Grammars the site's code needs beyond those prism-react-renderer bundles
 * (its list: `Prism.languages`). Dependencies come first.
 */
const extraGrammars = [
  'bash',
  'ruby',
  'markup-templating',
  'php',
  'java',
  'csv',
  'http',
  'ebnf',
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

const palettes = [lightCodePalette, darkCodePalette];

/** Token types the code colours give a rule. */
const ruledTypes = new Set(Object.values(tokenGroups).flat());

/** Ruled types whose colour is the plain text's in every palette. */
const plainTypes = new Set(
  Object.entries(tokenGroups)
    .filter(([group]) =>
      palettes.every(
        (palette) =>
          palette[group as keyof typeof tokenGroups] === palette.punctuation,
      ),
    )
    .flatMap(([, types]) => types),
);

/**
 * Prism's token stream as HTML, leaving out every span that would not change
 * the colour it sits in: a token no rule colours, or a plain-coloured token
 * (punctuation, operators) in plain-coloured text. Same look, and an API page
 * has about half the elements to parse, lay out and check.
 */
function stringify(stream: TokenStream, inPlainText: boolean): string {
  if (typeof stream === 'string') {
    return escapeHtml(stream);
  }
  if (Array.isArray(stream)) {
    return stream.map((part) => stringify(part, inPlainText)).join('');
  }
  const classes = [stream.type, ...[stream.alias ?? []].flat()];
  const ruled = classes.filter((type) => ruledTypes.has(type));
  const setsPlainColour = ruled.every((type) => plainTypes.has(type));
  if (ruled.length === 0 || (setsPlainColour && inPlainText)) {
    return stringify(stream.content, inPlainText);
  }
  return `<span class="token ${classes.join(' ')}">${stringify(stream.content, setsPlainColour)}</span>`;
}

/** The code as HTML: Prism token spans, or escaped text for an unknown language. */
export function highlight(code: string, language: string): string {
  const grammar = Prism.languages[language];
  if (!grammar) {
    return escapeHtml(code);
  }
  // Prism.highlight's steps, with the hooks some grammars rely on (PHP's
  // templating), and the stringify above instead of Prism's.
  const env = {code, grammar, language, tokens: [] as TokenStream};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return stringify(env.tokens, true);
}

/** Whether Prism has a grammar for the language (once the grammars are loaded). */
export const hasGrammar = (language: string): boolean =>
  typeof Prism.languages[language] === 'object';

/** An opening span tag, a closing one, a line break, or text between them. */
const htmlPart = /<span [^>]*>|<\/span>|\n|[^<\n]+/g;

/**
 * The code as HTML, one entry per line of the code: a token that runs over
 * several lines (a block comment, a multi-line string) is closed at the end of
 * each line and opened again on the next, so every line stands alone.
 */
export function highlightLines(code: string, language: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const [part] of highlight(code, language).matchAll(htmlPart)) {
    if (part === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else {
      if (part.startsWith('<span')) {
        open.push(part);
      } else if (part === '</span>') {
        open.pop();
      }
      line += part;
    }
  }
  lines.push(line);
  return lines;
}
