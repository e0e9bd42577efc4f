// What each shop platform takes from the Hub, and the sentences that give a Shopify store's flows to any store.

import {quoted, sentences} from './sentences';

/**
 * The flows that reach Shopify stores only (PRODUCT-DECISIONS, rounds 14 to
 * 21): the Hub pushes available stock and prices to a Shopify store, pulls
 * its paid orders, sends its dispatches back as fulfilments, publishes
 * products to it with their title, type and tags, and keeps a listing's
 * overrides (PRODUCT-DECISIONS, "Host product overrides are for Shopify
 * listings"); a BigCommerce or Visualsoft store gets brand
 * content through the enrichment queue, keeps its own names, tags, prices
 * and stock and sends no orders; a `manual` store's orders and sales come through the
 * API. Each is written as the phrases the site uses for it, within one
 * clause (no `.` or `;` between the verb and its object).
 */
export const shopifyOnlyFlows: readonly {flow: string; phrases: RegExp}[] = [
  {
    flow: 'available stock',
    phrases:
      /\b(?:publish|push|send)(?:es|ed|ing)?\b[^.;]{0,40}\b(?:available|stock)\b|\b(?:available|stock)\b[^.;]{0,30}\b(?<!-)(?:publish|push)(?:es|ed)?\b|\b(?:receives?|gets?|sees)\b[^.;]{0,30}\b(?:available|stock)\b|\b(?:available|stock)\b[^.;]{0,20}\bsees?\b/i,
  },
  {
    flow: 'prices',
    phrases:
      /\b(?:receives?|gets?|takes?|shows?)\b[^.;]{0,30}\bprices?\b|\bprices?\b[^.;]{0,30}\b(?:reach(?:es)?|synced|pushed|shows?)\b/i,
  },
  {
    flow: 'product content',
    phrases:
      /\b(?:title|(?:the|product(?:'s)?) name|product type|tags|weight)\b[^.;]{0,50}\b(?:shown?|shows|sent|written|reach(?:es)?)\b|\b(?:shows?|sends?|writes?)\b[^.;]{0,30}\b(?:title|tags|product type)\b/i,
  },
  {
    flow: 'overrides',
    phrases:
      /\b(?:shows?|shown)\b[^.;]{0,20}\binstead of\b|\b(?:title|description|tags|values?)\b (?:this|the|that) (?:store|shop|listing) shows\b/i,
  },
  {
    flow: 'paid orders',
    phrases:
      /\bpull(?:s|ed|ing)?\b[^.;]{0,30}\borders?\b|\borders?\b[^.;]{0,30}\bpulled\b|\b(?:paid orders?|orders? (?:already )?paid)\b[^.;]{0,40}\b(?:arrive|come in)\b|\borders? from (?:every|each|all|any) (?:stores?|shops?)\b/i,
  },
  {
    flow: 'dispatches',
    phrases:
      /\b(?<!such )as a fulfilment\b|\btracking\b[^.;]{0,60}\b(?:goes|go|sent|sends?)\b[^.;]{0,20}\bback\b|\btells? the (?:store|shop)\b|\bnotes?\b[^.;]{0,40}\bshop order\b/i,
  },
  {
    flow: 'publishing',
    phrases:
      /\bpublish(?:es|ed|ing)?\b[^.;]{0,40}\bto (?:their|your|every|each|all|those) (?:stores|shops)\b/i,
  },
];

/** A store, shop or listing of no platform in particular. */
const anyStore = /\b(?:stores?|shops?|listings?)\b/i;

/**
 * What makes a sentence about one platform: it names a platform (or a
 * `manual` store), or what only Shopify has (its locations, its connector).
 */
const namesPlatform =
  /\b(?:Shopify|BigCommerce|Visualsoft|manual|locations?|connector)\b/i;

/**
 * The sentences of a text that give a Shopify store's flow (stock, prices,
 * paid orders, dispatches or publishing) to a store, shop or listing
 * without naming its platform,
 * each with the flow: "Stores receive the new available stock at the next
 * push" says BigCommerce and Visualsoft get stock, which they never do.
 * A text `aboutTheShop` (a state table's shop, stock or orders column, headed
 * "In the shop") speaks of the store without naming it.
 */
function unscopedFlows(
  text: string,
  {aboutTheShop = false} = {},
): {sentence: string; flow: string}[] {
  return sentences(text).flatMap((sentence) => {
    if (
      !(aboutTheShop || anyStore.test(sentence)) ||
      namesPlatform.test(sentence)
    ) {
      return [];
    }
    const found = shopifyOnlyFlows.find(({phrases}) => phrases.test(sentence));
    return found ? [{sentence: sentence.trim(), flow: found.flow}] : [];
  });
}

/**
 * Shopify stores, locations or listings in general: "Shopify stores",
 * "every Shopify store", "connected Shopify stores", "the Shopify
 * locations", "linked Shopify listings" (one store,
 * "that store", "each Shopify store that sells the brand", is one the
 * sentence already picked).
 */
const shopifyStoresInGeneral =
  /\bShopify (?:stores|shops|locations|listings)\b|\b(?:every|all|any|connected|linked) Shopify (?:stores?|shops?|locations?|listings?)\b/i;

/** A listing of the variant or product: what decides which Shopify stores take it. */
const listed = /\b(?:lists?|listing|listings|listed|linked)\b/i;

/**
 * Which Shopify stores a flow reaches, as what a sentence must name
 * (PRODUCT-DECISIONS, fresh reads 31 to 38): available stock only those
 * that list the variant, at their locations mapped to its warehouse; a
 * price only those whose brand store uses its price list, in its currency
 * (unless an override keeps theirs); a product's title, type and tags
 * only those that list it.
 */
const shopifyShare: Readonly<
  Record<string, readonly {limit: RegExp; say: string}[]>
> = {
  'available stock': [
    {limit: listed, say: 'the Shopify stores that list the variant'},
    {
      limit: /\b(?:locations?|mapped)\b/i,
      say: 'their locations mapped to its warehouse',
    },
  ],
  prices: [
    {
      limit:
        /\b(?:price lists?|lists?|currency|currencies|brand stores?|overrides?)\b/i,
      say: 'the Shopify stores whose brand store uses its price list, in its currency',
    },
  ],
  'product content': [
    {
      limit: new RegExp(`${listed.source}|\\bpublish(?:es|ed)? it\\b`, 'i'),
      say: 'the Shopify stores that list the product',
    },
  ],
};

/**
 * A sentence that gives nothing ("publish no available stock to Shopify
 * stores", "listings … no longer receive stock") is true of every store.
 */
const nothingFlows = /\bno (?:available|stock|prices?)\b|\bno longer\b/i;

/**
 * The sentences of a text that give stock, prices or product content to
 * Shopify stores in general, without what decides which of them it
 * reaches, each with the flow and what it leaves out: "Shopify stores
 * receive its real available stock" is false of a Shopify store that does
 * not list the variant.
 */
function unlimitedShopifyFlows(
  text: string,
): {sentence: string; flow: string; missing: string}[] {
  return sentences(text).flatMap((sentence) => {
    if (!shopifyStoresInGeneral.test(sentence) || nothingFlows.test(sentence)) {
      return [];
    }
    return shopifyOnlyFlows
      .flatMap(({flow, phrases}) => {
        const missing = (shopifyShare[flow] ?? [])
          .filter(({limit}) => !limit.test(sentence))
          .map(({say}) => say);
        return phrases.test(sentence) && missing.length > 0
          ? [{sentence: sentence.trim(), flow, missing: missing.join(' and ')}]
          : [];
      })
      .slice(0, 1);
  });
}

/** A check's message about such a sentence after its place (`file:line:`). */
const unlimitedFlowMessage = (
  at: string,
  {sentence, flow, missing}: {sentence: string; flow: string; missing: string},
) =>
  `${at} ${quoted(sentence)} gives ${flow} to every Shopify store. It reaches only ${shopifyShare[flow].map(({say}) => say).join(', at ')}: name ${missing}.`;

/** What to do about such a sentence. */
const scopeAdvice =
  'Only Shopify stores take stock and prices from the Hub and send it their paid orders: name the Shopify store (and, where it helps, what BigCommerce, Visualsoft or a manual store gets instead).';

/** A check's message about such a sentence after its place (`file:line:`): the sentence cut to 80 characters, and what to do. */
const unscopedFlowMessage = (
  at: string,
  {sentence, flow}: {sentence: string; flow: string},
) => `${at} ${quoted(sentence)} gives ${flow} to any store. ${scopeAdvice}`;

/**
 * The messages for a text's sentences, each after its place (`at`): a
 * Shopify store's flow given to any store (`unscopedFlows`; not read where
 * every store is a Shopify store, `anyPlatform` false) and stock or prices
 * given to Shopify stores in general (`unlimitedShopifyFlows`).
 */
export function platformFlowMessages(
  at: string,
  text: string,
  {aboutTheShop = false, anyPlatform = true} = {},
): string[] {
  return [
    ...(anyPlatform ? unscopedFlows(text, {aboutTheShop}) : []).map((found) =>
      unscopedFlowMessage(at, found),
    ),
    ...unlimitedShopifyFlows(text).map((found) =>
      unlimitedFlowMessage(at, found),
    ),
  ];
}
