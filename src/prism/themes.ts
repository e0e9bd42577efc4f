import type {PrismTheme} from 'prism-react-renderer';

/*
 * Code colours for both colour modes. The stock Prism themes fail WCAG AA
 * contrast for several tokens; every colour here reaches at least 4.5:1 on
 * its theme's background.
 */

export const lightCodeTheme: PrismTheme = {
  plain: {color: '#24292f', backgroundColor: '#f6f8fa'},
  styles: [
    {
      types: ['comment', 'prolog', 'doctype', 'cdata'],
      style: {color: '#57606a', fontStyle: 'italic'},
    },
    {types: ['punctuation', 'operator'], style: {color: '#24292f'}},
    {
      types: ['keyword', 'atrule', 'selector', 'important'],
      style: {color: '#b3261e'},
    },
    {
      types: ['string', 'char', 'attr-value', 'url', 'regex'],
      style: {color: '#0a3069'},
    },
    {
      types: [
        'property',
        'tag',
        'constant',
        'symbol',
        'boolean',
        'number',
        'attr-name',
      ],
      style: {color: '#0550ae'},
    },
    {types: ['function', 'class-name', 'builtin'], style: {color: '#6639ba'}},
    {types: ['variable', 'parameter', 'entity'], style: {color: '#953800'}},
    {types: ['inserted'], style: {color: '#116329'}},
    {types: ['deleted'], style: {color: '#82071e'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#e6edf3', backgroundColor: '#161b22'},
  styles: [
    {
      types: ['comment', 'prolog', 'doctype', 'cdata'],
      style: {color: '#8b949e', fontStyle: 'italic'},
    },
    {types: ['punctuation', 'operator'], style: {color: '#e6edf3'}},
    {
      types: ['keyword', 'atrule', 'selector', 'important'],
      style: {color: '#ff7b72'},
    },
    {
      types: ['string', 'char', 'attr-value', 'url', 'regex'],
      style: {color: '#a5d6ff'},
    },
    {
      types: [
        'property',
        'tag',
        'constant',
        'symbol',
        'boolean',
        'number',
        'attr-name',
      ],
      style: {color: '#79c0ff'},
    },
    {types: ['function', 'class-name', 'builtin'], style: {color: '#d2a8ff'}},
    {types: ['variable', 'parameter', 'entity'], style: {color: '#ffa657'}},
    {types: ['inserted'], style: {color: '#aff5b4'}},
    {types: ['deleted'], style: {color: '#ffdcd7'}},
  ],
};
