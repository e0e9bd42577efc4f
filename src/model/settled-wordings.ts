// Wordings of rules that fresh reads settled, so that a copy of the old rule, in any words it was found in, stops the build.

import {quoted, sentences} from './sentences';

/**
 * A rule a fresh read settled, and the wordings that said what it replaced.
 * Fresh reads kept finding a settled rule's old wording again on pages the
 * settling round had not swept (the locations that map to a warehouse in
 * rounds 40 and 42, the file templates in rounds 41 and 42), so each such
 * rule is written here once, with:
 * - `wrong`: the old wording and its paraphrases, within a sentence;
 * - `unless`: what a sentence names when it already says the settled rule
 *   ("each location maps to one warehouse at most");
 * - `rule`: the settled rule, for the message;
 * - `settledIn`: where the site states it (a page or PRODUCT-DECISIONS.md);
 * - `examples`: sentences that must be read as wrong and as right (tested).
 */
export interface SettledWording {
  rule: string;
  settledIn: string;
  wrong: RegExp;
  unless?: RegExp;
  examples: {wrong: readonly string[]; right: readonly string[]};
}

export const settledWordings: readonly SettledWording[] = [
  {
    rule: 'A Shopify location maps to one warehouse at most, and only the locations that sell brand products are mapped; the others stay Not mapped and get no stock from the Hub.',
    settledIn: 'docs/shopify-connect/connect-setup.mdx',
    wrong:
      /\b(?:maps?|mapped|mapping) (?:each|every) (?:Shopify )?location\b|\b(?:each|every) (?:Shopify )?location (?:maps|is mapped) to (?:one|a|its) warehouse\b|\bwarehouse (?:chosen |picked )?for (?:each|every) (?:Shopify )?location\b/i,
    unless:
      /\bat most\b|\bthat sells? brand products\b|\bselling brand products\b|\bNot mapped\b/i,
    examples: {
      wrong: [
        'On Shopify, each location maps to one warehouse.',
        'Map each Shopify location to one warehouse.',
        'It shows one warehouse chosen for each Shopify location.',
      ],
      right: [
        'Each location maps to one warehouse at most.',
        'Map each Shopify location that sells brand products to its own warehouse.',
      ],
    },
  },
  {
    rule: 'Only products, stock and prices files have a CSV template; an image ZIP has none.',
    settledIn: 'api/data/fileUtilities.mdx',
    wrong:
      /\btemplates? (?:per|for each|of each|for every|for any) (?:file )?(?:kind|type)\b|\b(?:each|every) (?:kind|type) of file has a template\b/i,
    unless: /\bimage ZIP\b|\bimages?\b[^.;]{0,20}\bnone\b/i,
    examples: {
      wrong: [
        'Start from the template of each kind, under Files → Upload file.',
        'The file utilities give a CSV template per kind.',
      ],
      right: ['Start from the template of each kind; an image ZIP has none.'],
    },
  },
  {
    rule: 'A 404 means no object with that ID that your company can see: one deleted, or another company’s no longer shared with you (such as a product its brand archived).',
    settledIn: 'PRODUCT-DECISIONS.md',
    wrong:
      /\b404\b[^.;]{0,40}\bmeans?\b[^.;]{0,30}\b(?:was|were|has been|is|got) deleted\b|\bno such (?:object|record)\b[^.;]{0,20}\bin (?:this|your) company\b|\bexists in (?:this|your) company\b/i,
    unless: /\bcan (?:no longer )?see\b|\bshared\b/i,
    examples: {
      wrong: [
        'Retrieve the record when you need every field; a 404 means it was deleted.',
        '| 404 | not-found | No such object in this company and environment. |',
        'No order with ID ord_0000000 exists in your company.',
      ],
      right: [
        'A 404 means your company can no longer see it: it was deleted, or it is no longer shared with you.',
      ],
    },
  },
  {
    rule: "A products file's `status` defaults to `draft` for a new product only; a row without one leaves an existing product's status.",
    settledIn: 'PRODUCT-DECISIONS.md',
    wrong: /\bstatus\b`? defaults to `?draft\b/i,
    unless: /\bnew product\b/i,
    examples: {
      wrong: ['`status` defaults to `draft`.'],
      right: [
        "A new product's `status` defaults to `draft`; a row without one leaves an existing product's status.",
      ],
    },
  },
  {
    rule: "Auto-publish publishes a brand store's products to a Shopify store once the store's first sync has finished, not at approval.",
    settledIn: 'PRODUCT-DECISIONS.md',
    wrong:
      /\b(?:those|the products?) it has when the brand store is approved\b|\bpublish(?:es|ed)?\b[^.;]{0,50}\b(?:when|once|as soon as) (?:the|its) brand store is approved\b/i,
    unless: /\bfirst sync\b/i,
    examples: {
      wrong: [
        'With auto_publish on, the Hub publishes those it has when the brand store is approved, then each new product.',
      ],
      right: [
        'The Hub publishes those it has when the brand store is approved, once the store’s first sync has finished.',
      ],
    },
  },
  {
    rule: 'A `409` is not retried, except `idempotency_key_in_use`, which is retried after a second with the same key; `429`, `500` and `503` are retried with a back-off.',
    settledIn: 'PRODUCT-DECISIONS.md',
    wrong:
      /\bretry only `?429`?,? `?500`?,? (?:and|or) `?503`?\b|\bonly `?429`?, `?500`? and `?503`? are (?:worth )?retried\b/i,
    unless: /\bidempotency_key_in_use\b/i,
    examples: {
      wrong: ['Retry only `429`, `500` and `503`, with a back-off.'],
      right: [
        'Retry only `429`, `500` and `503`, with a back-off, and a `409` `idempotency_key_in_use` after a second with the same key.',
      ],
    },
  },
  {
    rule: "A `dropship` order goes to the brand's warehouse from any store, a `manual` store's included; only a `manual` store's other orders go to its default warehouse.",
    settledIn: 'api/orders/order.mdx',
    wrong:
      /\b(?:every|each|all|any) (?:of (?:its|the) )?orders? (?:of|from) a `?manual`? store\b[^.;]{0,40}\bdefault warehouse\b|\ba `?manual`? store's orders (?:all )?go to (?:its|the store's) default warehouse\b/i,
    unless: /\bdropship\b|\bstep 1\b|\bbrand's warehouse\b/i,
    examples: {
      wrong: [
        "Every order of a `manual` store goes to the store's default warehouse.",
      ],
      right: [
        'Every order of a `manual` store goes to its default warehouse, unless its brand store is `dropship`.',
      ],
    },
  },
  {
    rule: 'Resume sends the content and price changes a pause held back, not only the product changes.',
    settledIn: 'openapi/resources/brandstore.yaml',
    wrong:
      /\b(?:resume|resumes|resumed|resuming)\b[^.;]{0,80}\bsends?\b[^.;]{0,20}\b(?:only )?the (?:product|content) changes\b/i,
    unless: /\bprices?\b/i,
    examples: {
      wrong: ['Resume sends the product changes made during the pause.'],
      right: [
        'Resume sends the content and price changes made during the pause.',
      ],
    },
  },
  {
    rule: 'A return carries the unit price of the sale it reverses (tax included, before order discounts); the amount refunded stays in the shop’s refund record.',
    settledIn: 'PRODUCT-DECISIONS.md',
    wrong:
      /\b(?:at|carries|with) the (?:price|amount|unit price) refunded\b|\bat the refunded (?:price|amount)\b/i,
    examples: {
      wrong: [
        'A returned unit is a sale of −1 at the refunded price.',
        'A return carries the price refunded.',
      ],
      right: ['A return carries the unit price of the sale it reverses.'],
    },
  },
  {
    rule: 'Only an `active` subscription receives events, but a test event is sent in every status.',
    settledIn: 'openapi/resources/notification.yaml',
    wrong:
      /\bonly an? `?active`? (?:webhook )?subscriptions? (?:receives?|gets?) events\b/i,
    unless: /\btest\b/i,
    examples: {
      wrong: ['Only an `active` subscription receives events.'],
      right: [
        'Only an `active` subscription receives events (a test event is sent in every status).',
      ],
    },
  },
  {
    rule: 'Shopify emails a dispatch’s tracking to the customer only while the store’s Notify customers of fulfilments is on.',
    settledIn: 'docs/shopify-connect/order-stock.mdx',
    wrong:
      /\bShopify\b[^.;]{0,40}\b(?:passes|emails|sends)\b[^.;]{0,30}\b(?:on )?to the customer\b/i,
    unless: /\bNotify customers\b/i,
    examples: {
      wrong: [
        'The tracking number goes to Shopify, which passes it to the customer.',
      ],
      right: [
        'It goes to Shopify, which emails it to the customer while the store’s Notify customers of fulfilments is on.',
      ],
    },
  },
  {
    rule: 'Global search finds a company’s own records and those it shares with the companies it trades with, such as a brand’s orders in every store that sells it.',
    settledIn: 'docs/getting-started/navigation.md',
    wrong:
      /\bsearch\b[^.]{0,80}\bits own\b[^.]{0,40}\bcatalogues? of the brands it sells\b/i,
    unless: /\bshares?\b|\borders\b/i,
    examples: {
      wrong: [
        'Global search finds its own records and the catalogues of the brands it sells.',
      ],
      right: [
        'Global search finds its own records and those it shares, such as the catalogues of the brands it sells and a brand’s orders.',
      ],
    },
  },
];

/** A sentence that says what a settled rule replaced, with the rule. */
export function oldWordings(
  text: string,
): {sentence: string; wording: SettledWording}[] {
  // A rule's settled words may follow a semicolon ("the template of each
  // kind; an image ZIP has none"), so the whole sentence is read.
  return sentences(text, {wholeSentences: true}).flatMap((sentence) => {
    const wording = settledWordings.find(
      ({wrong, unless}) => wrong.test(sentence) && !unless?.test(sentence),
    );
    return wording ? [{sentence: sentence.trim(), wording}] : [];
  });
}

/** The messages for a text's old wordings, each after its place (`file:line:`). */
export const oldWordingMessages = (at: string, text: string): string[] =>
  oldWordings(text).map(
    ({sentence, wording}) =>
      `${at} ${quoted(sentence)} says what a settled rule replaced. ${wording.rule} (${wording.settledIn})`,
  );
