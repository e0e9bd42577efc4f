import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {routes} from '../routes';
import {expect, test} from '../support/fixtures';
import {sweptPaths} from '../support/sitemap';
import {cspViolations, watchCspViolations} from '../support/csp';

/**
 * One visit to every page of the build, served by the shipped nginx
 * configuration with its CSP: status 200 without a redirect, one h1 (the
 * contract's, for the contract's routes), region names used once, no
 * console error (the fixture),
 * no CSP violation, axe WCAG 2.1 A and AA in light mode, and colour
 * contrast again in dark mode. The HTML and inline scripts are the same in
 * both modes, so one load serves both.
 */

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Two axe runs over an API page's few thousand nodes take several seconds
// on two cores, more while the machine is busy.
const pageTimeoutMs = 90_000;

/**
 * axe in the page's own frame (the site has no frames), reporting violations
 * only: the default mode's extra blank page per run and the node lists of
 * every passing rule made the sweep about three times slower.
 */
const axe = (page: Page) =>
  new AxeBuilder({page}).setLegacyMode().options({resultTypes: ['violations']});

const violationsOf = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations.map(({id, nodes}) => ({
    id,
    targets: nodes.map((node) => node.target.join(' ')),
  }));

// Recording a trace of every visit cost a fifth of the sweep's time; a
// failure here names the page, the rule and the elements without one.
test.use({trace: 'off'});

test.beforeEach(({page}) => watchCspViolations(page));

for (const path of sweptPaths()) {
  test(`${path} answers, with one h1, no CSP violation and no axe violation in either mode`, async ({
    page,
  }) => {
    test.setTimeout(pageTimeoutMs);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBeUndefined();
    await page.locator('html[data-has-hydrated="true"]').waitFor();

    const h1 = page.getByRole('heading', {level: 1});
    await expect(h1).toHaveCount(1);
    const contract = routes.find((route) => route.path === path);
    if (contract) {
      await expect(h1).toHaveText(contract.h1);
    }

    // Landmark regions (scrolling tables among them) each have their own name.
    const regionNames = await page.getByRole('region').evaluateAll((regions) =>
      regions.map(
        (region) =>
          region.getAttribute('aria-label') ??
          (region.getAttribute('aria-labelledby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
      ),
    );
    expect(
      regionNames.filter((name, index) => regionNames.indexOf(name) !== index),
      'region names used twice',
    ).toEqual([]);

    const light = await axe(page).withTags(wcagTags).analyze();
    expect(violationsOf(light), 'light mode').toEqual([]);

    await page
      .getByRole('button', {name: /switch between dark and light mode/i})
      .click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Colours ease to the dark palette: check them once they are there.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    const dark = await axe(page)
      .withRules(['color-contrast', 'link-in-text-block'])
      .analyze();
    expect(violationsOf(dark), 'dark mode').toEqual([]);

    expect(await cspViolations(page)).toEqual([]);
  });
}

test('searching breaks no CSP rule', async ({page}) => {
  await page.goto('/help/');
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByLabel('Search', {exact: true})
    .fill('tracking_number');
  await expect(
    page.getByRole('listbox').getByRole('option').first(),
  ).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
});
