import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {siteStorageKey} from '../../src/lib/storage';
import {builtFigures} from '../support/figures';

/**
 * The guides' figures (src/components/*Figure): each is a figure named by its
 * caption, reads as text, and fits a phone without scrolling sideways, in
 * both colour modes (the sweep checks every page's contrast with axe in
 * both).
 */

// Every figure on a built page, with its caption and a phrase its drawing
// holds as text (so a screen reader reads it), read from the build.
const figures = builtFigures();

const phoneWidth = 390;
const desktopWidth = 1280;

for (const [width, mode] of [
  [desktopWidth, 'light'],
  [phoneWidth, 'dark'],
  [desktopWidth, 'dark'],
  [phoneWidth, 'light'],
] as const) {
  test.describe(`figures at ${width} px in ${mode} mode`, () => {
    test.use({viewport: {width, height: 900}});

    for (const {path, name, caption, text} of figures) {
      test(`${path} has its ${name}, captioned, legible and within the page`, async ({
        page,
      }) => {
        // The colour mode as the toggle stores it (the toggle itself is in
        // the menu on a phone).
        await page.addInitScript(
          ([key, value]) => localStorage.setItem(key, value),
          [siteStorageKey('theme'), mode] as const,
        );
        await open(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        expect(caption, 'the figure has a caption').not.toBe('');
        const figure = page.getByRole('figure', {name: caption});
        await expect(figure).toBeVisible();
        expect(text, 'the drawing holds a label or fact as text').not.toBe('');
        await expect(
          figure.getByText(text, {exact: true}).first(),
        ).toBeVisible();

        // Nothing inside the figure reaches past its right edge, and the
        // figure stays inside the article: no sideways scrolling, no clipping.
        const overflow = await figure.evaluate((element) => {
          const {right} = element.getBoundingClientRect();
          const article = element.closest('article')!.getBoundingClientRect();
          const past = Array.from(element.querySelectorAll('*'))
            .filter((child) => child.getBoundingClientRect().right > right + 1)
            .map((child) => child.textContent?.slice(0, 40));
          return {past, outside: right > article.right + 1};
        });
        expect(overflow).toEqual({past: [], outside: false});

        // Text stays at a legible size on a phone too.
        const smallest = await figure.evaluate((element) =>
          Math.min(
            ...Array.from(element.querySelectorAll('*'))
              .filter((child) => child.childNodes.length > 0)
              .map((child) => parseFloat(getComputedStyle(child).fontSize)),
          ),
        );
        expect(smallest).toBeGreaterThanOrEqual(12);
      });
    }
  });
}

/**
 * What a figure's drawing looks like: each element's box and the styles
 * its own stylesheet sets, in document order.
 */
async function drawing(page: Page, caption: string): Promise<string[]> {
  return page.getByRole('figure', {name: caption}).evaluate((figure) =>
    [figure, ...Array.from(figure.querySelectorAll('*'))].map((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return [
        element.tagName,
        Math.round(box.width),
        Math.round(box.height),
        style.display,
        style.gridTemplateColumns,
        style.padding,
        style.borderTopWidth,
        style.color,
        style.backgroundColor,
      ].join(' ');
    }),
  );
}

// A figure's own stylesheet travels with its page's chunk
// (src/plugins/figure-styles), and the page's HTML links it, so the figure
// is drawn before any script has run exactly as after: no unstyled flash,
// and a reader without scripts sees it too.
test.describe('figures before any script runs', () => {
  test.use({viewport: {width: desktopWidth, height: 900}});

  for (const {path, name, caption} of figures) {
    test(`${path} draws its ${name} without scripts as with them`, async ({
      page,
      browser,
      baseURL,
    }) => {
      await open(page, path);
      const hydrated = await drawing(page, caption);

      const withoutScripts = await browser.newContext({
        javaScriptEnabled: false,
        baseURL,
        viewport: {width: desktopWidth, height: 900},
      });
      const staticPage = await withoutScripts.newPage();
      await staticPage.goto(path);
      expect(await drawing(staticPage, caption)).toEqual(hydrated);
      await withoutScripts.close();
    });
  }
});
