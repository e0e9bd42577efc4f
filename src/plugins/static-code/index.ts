import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {
  darkCodePalette,
  lightCodePalette,
  tokenGroups,
  type Palette,
} from '../../prism/themes';

/**
 * Code is highlighted when the site builds (`./remark.ts` for pages, the
 * API reference's renderer for its samples), so no page needs Prism in the
 * browser. This plugin takes out what would still load it, the classic
 * theme's client module that sets up Prism's languages on every page (with
 * prism-react-renderer, about 30 KB of every first load), and gives every
 * code block its colours as CSS rules drawn from the site's palettes.
 */

/** The classic theme's client module that loads Prism into every page. */
const prismClientModule = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic')),
  'prism-include-languages',
);

/** The code blocks the colours apply to: the theme's and the reference's. */
const codeBlocks = ':is(.theme-code-block,.api-code__pre)';

function paletteRules(selector: string, palette: Palette): string[] {
  return [
    `${selector} .api-code__pre{background:${palette.background};color:${palette.punctuation}}`,
    ...Object.entries(tokenGroups).map(
      ([group, types]) =>
        `${types.map((type) => `${selector} ${codeBlocks} .token.${type}`).join(',')}{color:${palette[group as keyof typeof tokenGroups]}${group === 'comment' ? ';font-style:italic' : ''}}`,
    ),
  ];
}

/** Every code block's colours, light and dark. */
const codeColours = (): string =>
  [
    ...paletteRules(':root', lightCodePalette),
    ...paletteRules("[data-theme='dark']", darkCodePalette),
  ].join('\n');

export default function staticCodePlugin(): Plugin {
  return {
    name: 'static-code',
    injectHtmlTags() {
      return {headTags: [{tagName: 'style', innerHTML: codeColours()}]};
    },
    configureWebpack() {
      return {
        // An empty module of the site's own, not `false`: the bundler names
        // an ignored module after its absolute path, so a build elsewhere
        // would differ (tests/variant/reproducible.spec.ts).
        resolve: {
          alias: {
            [`${prismClientModule}$`]: path.join(__dirname, 'withoutPrism.ts'),
          },
        },
      };
    },
  };
}
