import type {Page} from '@playwright/test';
import {darkCodePalette, lightCodePalette} from '../../src/prism/themes';
import {expect, open, test} from '../support/fixtures';

/**
 * Code blocks are highlighted when the site builds (src/plugins/static-code)
 * and shown by the theme's code block without Prism: these hold what a
 * reader sees of them as the theme drew them before, in both colour modes.
 */

const mdxPage = '/help/docs/mdx';

/** `#0a3069` as the browser reports a computed colour. */
const rgb = (hex: string) => {
  const [red, green, blue] = [1, 3, 5].map((at) =>
    Number.parseInt(hex.slice(at, at + 2), 16),
  );
  return `rgb(${red}, ${green}, ${blue})`;
};

/** The rendered code block under a title (the page also shows its source). */
const titled = (page: Page, title: string) =>
  page
    .locator('.theme-code-block')
    .filter({has: page.getByText(title, {exact: true})});

for (const [mode, palette] of [
  ['light', lightCodePalette],
  ['dark', darkCodePalette],
] as const) {
  test(`code has its palette’s colours in ${mode} mode, with the page as served`, async ({
    page,
  }) => {
    await open(page, mdxPage);
    if (mode === 'dark') {
      await page
        .getByRole('button', {name: /switch between dark and light mode/i})
        .click();
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const block = titled(page, 'price.json');
    await expect(block.locator('.token.string', {hasText: '"GBP"'})).toHaveCSS(
      'color',
      rgb(palette.string),
    );
    await expect(
      block.locator('.token.property', {hasText: '"currency"'}),
    ).toHaveCSS('color', rgb(palette.constant));
    await expect(block.locator('.token.number', {hasText: '14900'})).toHaveCSS(
      'color',
      rgb(palette.constant),
    );
  });
}

test('a code block keeps its title, highlighted lines, line numbers and indentation', async ({
  page,
}) => {
  // As served, before any script runs: the build wrote the highlighting.
  await page.goto(mdxPage);
  const block = titled(page, 'price.json');
  const lines = block.locator('.token-line');
  await expect(lines).toHaveCount(7);
  // Text as written: toHaveText would fold the leading spaces away.
  expect(await lines.nth(1).textContent()).toBe('  "id": "prc_8Mv3Qa1",');
  await expect(block.locator('.theme-code-block-highlighted-line')).toHaveText([
    '"price_list": "rrp",',
    '"amount": 14900,',
  ]);
  // Each line numbered from 1: a counter reset to 0 and one cell per line.
  await expect(block.locator('code')).toHaveCSS(
    'counter-reset',
    'line-count 0',
  );
  await expect(block.locator('[class*="codeLineNumber"]')).toHaveCount(7);

  // A fenced block: its title from the fence, its JSON highlighted.
  const fenced = titled(page, 'stock-leeds-dc.json');
  await expect(
    fenced.locator('.token.property', {hasText: '"warehouse_id"'}),
  ).toBeVisible();
  await expect(
    fenced.locator('.theme-code-block-highlighted-line'),
  ).toHaveCount(4);
});

test('the copy button copies the code as written, without line numbers', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, mdxPage);
  const block = titled(page, 'price.json');
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(
      [
        '{',
        '  "id": "prc_8Mv3Qa1",',
        '  "variant_id": "var_3Tn8Wq1",',
        '  "price_list": "rrp",',
        '  "amount": 14900,',
        '  "currency": "GBP"',
        '}',
      ].join('\n'),
    );
});
