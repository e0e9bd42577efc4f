import {platformFlowMessages} from '../../../model/platform-flows';
import {placedTexts} from './placed-texts';

/** A lifecycle state's columns about the shop (`defaultStateColumns`: In the shop, Stock, Orders). */
const shopAspects = new Set(['listings', 'stock', 'orders']);

/**
 * The document's own texts (`placedTexts`) that give a Shopify store's
 * flow to any store (`unscopedFlows`), or stock or prices to Shopify
 * stores in general (`unlimitedShopifyFlows`), one line each at the text;
 * a state's shop, stock and orders columns speak of the store unnamed.
 */
export function specPlatformFlowProblems(document: unknown): string[] {
  const problems = new Set<string>();
  for (const {holder, key, text, place} of placedTexts(document)) {
    const aboutTheShop = shopAspects.has(key) && 'actions' in holder;
    for (const message of platformFlowMessages(`${place}: ${key}`, text, {
      aboutTheShop,
    })) {
      problems.add(message);
    }
  }
  return [...problems];
}
