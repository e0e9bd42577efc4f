import AxeBuilder from '@axe-core/playwright';
import {routes} from '../routes';
import {expect, open, test} from '../support/fixtures';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const colourMode of ['light', 'dark'] as const) {
  test.describe(`axe in ${colourMode} mode`, () => {
    for (const route of routes) {
      test(`${route.path} has no WCAG 2.1 A or AA violations`, async ({
        page,
      }) => {
        // ?docusaurus-theme forces the mode for one load without storing it.
        await open(page, `${route.path}?docusaurus-theme=${colourMode}`);
        await expect(page.locator('html')).toHaveAttribute(
          'data-theme',
          colourMode,
        );
        const results = await new AxeBuilder({page})
          .withTags(wcagTags)
          .analyze();
        expect(
          results.violations.map(({id, nodes}) => ({
            id,
            targets: nodes.map((node) => node.target.join(' ')),
          })),
        ).toEqual([]);
      });
    }
  });
}
