import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {siteStorageKey} from '../../src/lib/storage';

/**
 * The guides' figures (src/components/*Figure): each is a figure named by its
 * caption, reads as text, and fits a phone without scrolling sideways, in
 * both colour modes (the sweep checks every page's contrast with axe in
 * both).
 */

const figures = [
  {
    path: '/help/docs/resources/resource-overview',
    caption: /four flows of data between brands/i,
    // A phrase the drawing holds as text, so a screen reader reads it.
    text: '24 − 3 − 2 = 19',
  },
  {
    path: '/help/docs/shopify-connect/connect-setup',
    caption: /locations tab of northwind shopify/i,
    text: 'Nothing: Shopify keeps its own figure',
  },
  {
    path: '/help/docs/shopify-connect/download-products',
    caption: /products tab of northwind shopify/i,
    text: 'HWJ-OLIVE-L',
  },
  {
    path: '/help/docs/resources/resource-stock',
    caption: /stock screen filtered to ALDF-HWJ-OLV-M/i,
    text: 'Changes: stock ALDF-HWJ-OLV-M at Leeds DC',
  },
  // figd
  {
    path: '/help/docs/resources/resource-brand',
    caption: /brand stores at alder & finch ltd on 8 May 2023/i,
    text: 'Alder & Finch at Northwind BigCommerce',
  },
  {
    path: '/help/docs/shopify-connect/sync-products',
    caption: /harbour waxed jacket on northwind shopify with overrides open/i,
    text: 'Alder & Finch Harbour Waxed Jacket in Olive',
  },
  {
    path: '/help/docs/shopify-connect/sync-products',
    caption: /unpublish from store dialog/i,
    text: 'Hidden from customers; kept in Shopify with its order history.',
  },
  {
    path: '/help/docs/resources/resource-product',
    caption: /prices tab of the harbour waxed jacket/i,
    text: '1 June 2023',
  },
  {
    path: '/help/docs/resources/resource-transfer',
    caption: /new transfer filled in on 4 May 2023/i,
    text: 'Northwind Shop Floor (NWSF)',
  },
  {
    path: '/help/docs/resources/resource-transfer',
    caption: /transfer TR-2023-0142 on 6 May 2023/i,
    text: '7 May 2023, 13:00',
  },
  // figc
  {
    path: '/help/docs/shopify-connect/connect-setup',
    caption: /connect store with shopify chosen/i,
    text: 'northwind-outfitters.myshopify.com',
  },
  {
    path: '/help/docs/enrichment/enrich-bigcom',
    caption: /connect store with bigcommerce chosen/i,
    text: 'n7w3k9x2qp',
  },
  {
    path: '/help/docs/enrichment/enrich-visualsoft',
    caption: /connect store with visualsoft chosen/i,
    text: 'outlet.northwind.example.com',
  },
  {
    path: '/help/docs/shopify-connect/connect-setup',
    caption: /overview tab of northwind shopify/i,
    text: '2 of 3 mapped',
  },
  {
    path: '/help/docs/shopify-connect/connect-setup',
    caption: /settings tab of northwind shopify/i,
    text: 'Only a disconnected or connecting store can be deleted.',
  },
  {
    path: '/help/docs/enrichment/enrich-listings',
    caption: /listings tab of northwind bigcommerce/i,
    text: 'Harbour Waxed Jacket (old listing)',
  },
  {
    path: '/help/docs/enrichment/enrich-queue',
    caption: /enrichment queue tab of northwind visualsoft/i,
    text: 'Succeeded: description',
  },
  {
    path: '/help/docs/enrichment/enrich-listings',
    caption: /enrichment section of the settings tab of northwind bigcommerce/i,
    text: '80%',
  },
  // figb
  {
    path: '/help/docs/advanced/order-export-formats',
    caption: /export dialogue open over the orders grid/i,
    text: 'placed_at >= yesterday AND placed_at < today',
  },
  {
    path: '/help/docs/advanced/advanced-views',
    caption: /orders grid with the views menu open/i,
    text: 'Clear my default',
  },
  {
    path: '/help/docs/advanced/advanced-query',
    caption: /advanced query switched on and a mistake/i,
    text: 'Expected a value after "=" at column 10',
  },
  {
    path: '/help/docs/getting-started/change',
    caption: /changes screen filtered to the stock record/i,
    text: 'Record: stock ALDF-HWJ-OLV-M at Leeds DC',
  },
  {
    path: '/help/docs/advanced/api-keys',
    caption: /settings → api keys of northwind outfitters/i,
    text: 'ih_live_4eC3…',
  },
  {
    path: '/help/docs/advanced/api-keys',
    caption: /create api key dialogue filled in/i,
    text: 'ih_test_4eC39HqLyjWDarjtT1zdp7dc',
  },
  {
    path: '/help/docs/advanced/webhooks',
    caption: /deliveries tab of the northwind erp webhook/i,
    text: 'https://erp.northwind.example.com/hooks/integration-hub',
  },
  {
    path: '/help/docs/resources/resource-company',
    caption: /settings → company of northwind outfitters/i,
    text: 'Europe/London',
  },
  {
    path: '/help/docs/resources/resource-company',
    caption: /settings → users of northwind outfitters/i,
    text: 'daniel.hughes@northwind.example.com',
  },
  {
    path: '/help/docs/getting-started/login',
    caption: /settings → security of northwind outfitters/i,
    text: 'Two-factor authentication is not required for everyone',
  },
  // figa
  {
    path: '/help/docs/getting-started/navigation',
    caption: /frame around the dashboard of northwind outfitters/i,
    text: 'Search products, orders and customers',
  },
  {
    path: '/help/docs/getting-started/login',
    caption: /two-factor authentication section of priya shah/i,
    text: 'Code from your app',
  },
  {
    path: '/help/docs/resources/resource-file',
    caption: /summary of tom reid's stock file after upload/i,
    text: 'with errors, skipped',
  },
  {
    path: '/help/docs/resources/resource-order',
    caption: /order 10482 from northwind shopify as it arrives/i,
    text: 'Harbour Waxed Jacket, Olive, M',
  },
  {
    path: '/help/docs/resources/resource-order',
    caption: /create dispatch form filled in/i,
    text: 'Tracking link',
  },
  {
    path: '/help/docs/resources/resource-order',
    caption: /cancel items form open/i,
    text: 'Cancel order',
  },
  {
    path: '/help/docs/resources/resource-order',
    caption: /order 10479 with its dispatch failed/i,
    text: 'the order is already marked as fulfilled',
  },
  {
    path: '/help/docs/resources/resource-stock',
    caption: /batch bat_4Rt7Ym2 for leeds dc/i,
    text: 'no variant has this SKU',
  },
];

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

    for (const {path, caption, text} of figures) {
      test(`${path} has its figure (${caption.source}), captioned, legible and within the page`, async ({
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
        const figure = page.getByRole('figure', {name: caption});
        await expect(figure).toBeVisible();
        await expect(figure.getByText(text, {exact: false})).toBeVisible();

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
async function drawing(page: Page, caption: RegExp): Promise<string[]> {
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

  for (const {path, caption} of figures) {
    test(`${path} draws its figure (${caption.source}) without scripts as with them`, async ({
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
