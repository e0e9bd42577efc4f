import AxeBuilder from '@axe-core/playwright';
import {expect, open, test} from '../support/fixtures';

/**
 * The query checker on a phone: its conditions table is wider than the
 * screen, so it scrolls in a region that takes keyboard focus and has a
 * name, and the checker passes axe (WCAG 2.1 A and AA) in both colour modes.
 */

const phone = {width: 390, height: 844};
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const mode of ['light', 'dark'] as const) {
  test(`at 390 px in ${mode} mode the conditions table scrolls in a focusable, named region`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await open(
      page,
      `/help/docs/advanced/advanced-query?docusaurus-theme=${mode}`,
    );
    const checker = page.getByRole('region', {name: 'Query checker'});
    await expect(
      checker.getByRole('status').getByRole('table', {
        name: 'Conditions, left to right',
      }),
    ).toBeVisible();

    const scroller = checker.getByRole('region', {
      name: 'Conditions, scrolls sideways',
    });
    // The table is wider than the region at this width, or this proves nothing.
    expect(
      await scroller.evaluate(
        (region) => region.scrollWidth > region.clientWidth,
      ),
    ).toBe(true);
    await scroller.focus();
    await expect(scroller).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => scroller.evaluate((region) => region.scrollLeft))
      .toBeGreaterThan(0);

    const results = await new AxeBuilder({page})
      .include('section[aria-label="Query checker"]')
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
