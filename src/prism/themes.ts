import type {PrismTheme} from 'prism-react-renderer';

/*
 * Code colours for both colour modes. The stock Prism themes fail WCAG AA
 * contrast for several tokens; every colour here reaches at least 4.5:1 on
 * its theme's background.
 */

/** Prism token types by colour; also read by the API reference's static code. */
export const tokenGroups = {
  comment: ['comment', 'prolog', 'doctype', 'cdata'],
  punctuation: ['punctuation', 'operator'],
  keyword: ['keyword', 'atrule', 'selector', 'important'],
  string: ['string', 'char', 'attr-value', 'url', 'regex'],
  constant: [
    'property',
    'tag',
    'constant',
    'symbol',
    'boolean',
    'number',
    'attr-name',
  ],
  function: ['function', 'class-name', 'builtin'],
  variable: ['variable', 'parameter', 'entity'],
  inserted: ['inserted'],
  deleted: ['deleted'],
};

export type Palette = {background: string} & Record<
  keyof typeof tokenGroups,
  string
>;

function codeTheme(palette: Palette): PrismTheme {
  return {
    plain: {color: palette.punctuation, backgroundColor: palette.background},
    styles: Object.entries(tokenGroups).map(([group, types]) => ({
      types,
      style: {
        color: palette[group as keyof typeof tokenGroups],
        ...(group === 'comment' && {fontStyle: 'italic' as const}),
      },
    })),
  };
}

/** The code palettes, light and dark. */
export const lightCodePalette: Palette = {
  background: '#f6f8fa',
  comment: '#57606a',
  punctuation: '#24292f',
  keyword: '#b3261e',
  string: '#0a3069',
  constant: '#0550ae',
  function: '#6639ba',
  variable: '#953800',
  inserted: '#116329',
  deleted: '#82071e',
};
export const lightCodeTheme = codeTheme(lightCodePalette);

export const darkCodePalette: Palette = {
  background: '#161b22',
  comment: '#8b949e',
  punctuation: '#e6edf3',
  keyword: '#ff7b72',
  string: '#a5d6ff',
  constant: '#79c0ff',
  function: '#d2a8ff',
  variable: '#ffa657',
  inserted: '#aff5b4',
  deleted: '#ffdcd7',
};
export const darkCodeTheme = codeTheme(darkCodePalette);
