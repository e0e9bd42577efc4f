import {expect, test} from '@playwright/test';
import lunr from 'lunr';
import {Searcher} from '../../src/theme/SearchBar/ranking';
import {snippetOf, withoutRepeats} from '../../src/theme/SearchBar/snippets';
import {
  type SearchDocument,
  type TypedIndex,
} from '../../src/theme/SearchBar/searchIndex';
import {loadSynonyms} from '../../src/plugins/search-ranking';

/**
 * The search box's ranking on a small index of the theme's shape: one
 * result per page, best section, synonyms, and result lines a reader can
 * choose from. Findability on the real index and question set is checked
 * after the build (tests/build/searchFindability.spec.ts).
 */

/** An index of the theme's five document types. */
function indexOf(
  pages: {
    title: string;
    url: string;
    description?: string;
    keywords?: string;
    sections: {heading: string; hash: string; text: string}[];
  }[],
): TypedIndex[] {
  const types: SearchDocument[][] = [[], [], [], [], []];
  let id = 0;
  for (const page of pages) {
    const pageId = (id += 1);
    types[0]!.push({
      i: pageId,
      t: page.title,
      u: page.url,
      b: ['Docs', 'Docs', 'Guides'],
    });
    if (page.description) {
      types[2]!.push({
        i: pageId,
        t: page.description,
        s: page.title,
        u: page.url,
        p: pageId,
      });
    }
    if (page.keywords) {
      types[3]!.push({
        i: pageId,
        t: page.keywords,
        s: page.title,
        u: page.url,
        p: pageId,
      });
    }
    for (const section of page.sections) {
      types[1]!.push({
        i: (id += 1),
        t: section.heading,
        u: page.url,
        h: section.hash,
        p: pageId,
      });
      types[4]!.push({
        i: (id += 1),
        t: section.text,
        s: section.heading,
        u: page.url,
        h: section.hash,
        p: pageId,
      });
    }
  }
  return types.map((documents, type) => ({
    type,
    documents,
    index: lunr(function build() {
      this.ref('i');
      this.field('t');
      this.metadataWhitelist = ['position'];
      documents.forEach((document) =>
        this.add({...document, i: String(document.i)}),
      );
    }),
  }));
}

const site = indexOf([
  {
    title: 'Manage orders',
    url: '/help/docs/orders',
    sections: [
      {
        heading: 'Accept an order',
        hash: '#accept',
        text: 'Accept an order to send it. Orders come from the shop.',
      },
      {
        heading: 'Cancel an order',
        hash: '#cancel',
        text: 'Cancel an order that you cannot send. The order is cancelled.',
      },
      {
        heading: 'Order states',
        hash: '#states',
        text: 'An order is pending, accepted or dispatched.',
      },
    ],
  },
  {
    title: 'An order is missing or stuck',
    url: '/help/docs/missing',
    description: 'Find a shop order that never reached the Hub.',
    sections: [
      {
        heading: 'The order is not in Orders',
        hash: '#not-in-orders',
        text: 'Check the store is connected and the order is paid, then wait for the catch-up.',
      },
    ],
  },
  {
    title: 'Rate limits',
    url: '/help/docs/limits',
    keywords: 'throttling, quota',
    sections: [
      {
        heading: 'Limits',
        hash: '#limits',
        text: 'Each key may send 600 requests a minute. Over that, the API answers 429.',
      },
    ],
  },
]);
const searcher = new Searcher(site, loadSynonyms());

test('one result per page, opening its best section', () => {
  const results = searcher.search('cancel order', 8);
  const pages = results.map((result) => result.document.u);
  expect(new Set(pages).size).toBe(pages.length);
  expect(results[0]).toMatchObject({
    document: {u: '/help/docs/orders', h: '#cancel'},
    pageTitle: 'Manage orders',
    sectionTitle: 'Cancel an order',
  });
});

test('a page opens the section whose heading names the question, however long another section’s text', () => {
  const reference = indexOf([
    {
      title: 'Orders',
      url: '/help/docs/api/order',
      sections: [
        {
          heading: 'The order object',
          hash: '#the-order-object',
          text: 'An order is pending, accepted, cancelled or completed. A cancelled order has a cancel reason; cancelled orders keep their items. An order cancelled by the shop is cancelled here too.',
        },
        {
          heading: 'POST /orders/{id}/cancel',
          hash: '#post-ordersidcancel',
          text: 'Moves a pending order to cancelled, with a reason.',
        },
      ],
    },
  ]);
  const found = new Searcher(reference, loadSynonyms()).search(
    'cancel order',
    8,
  );
  expect(found[0]?.document.h).toBe('#post-ordersidcancel');
});

test('a symptom finds the page through a synonym', () => {
  expect(searcher.search('order never arrived', 8)[0]?.document.u).toBe(
    '/help/docs/missing',
  );
  expect(searcher.search('too many requests', 8)[0]?.document.u).toBe(
    '/help/docs/limits',
  );
});

test('a page’s keywords count like its title', () => {
  expect(searcher.search('throttling', 8)[0]?.pageTitle).toBe('Rate limits');
});

test('a typo still finds the page', () => {
  expect(searcher.search('canncel ordr', 8)[0]?.document.h).toBe('#cancel');
});

test('snippets start at a word and end at one, with the match inside', () => {
  const text =
    'Stock files set or adjust counts. In adjust mode, a second import of the same file counts again in set mode. Orders that arrive later are allocated first.';
  const at = text.indexOf('Orders');
  const {snippet, marks} = snippetOf(text, [[at, 6]], 30);
  expect(snippet).toMatch(/^(… )?[A-Z][a-z]/);
  expect(snippet.startsWith('… Orders that')).toBe(true);
  expect(snippet).toMatch(/\w …$/);
  const [start, length] = marks[0]!;
  expect(snippet.slice(start, start + length)).toBe('Orders');
});

test('a path does not repeat itself', () => {
  expect(
    withoutRepeats(['API Documentation', 'API Documentation', 'Orders']),
  ).toEqual(['API Documentation', 'Orders']);
  expect(searcher.search('order states', 8)[0]?.path).toEqual([
    'Docs',
    'Guides',
  ]);
});
