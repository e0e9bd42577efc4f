import {platformFlowMessages} from '../../../model/platform-flows';
import {locationOf, where} from '../../../model/yaml';
import {textsOf} from './release-texts';

/** A lifecycle state's columns about the shop (`defaultStateColumns`: In the shop, Stock, Orders). */
const shopAspects = new Set(['listings', 'stock', 'orders']);

/**
 * The document's own texts (descriptions, summaries, state tables,
 * triggers: every text outside examples, `textsOf`) that give a Shopify
 * store's flow to any store (`unscopedFlows`), or stock or prices to
 * Shopify stores in general (`unlimitedShopifyFlows`), one line each at
 * the text;
 * a state's shop, stock and orders columns speak of the store unnamed. An
 * older release's document is the latest's with its overlay applied: a
 * text it copied from the latest has no place of its own and is read in
 * the latest, so only texts with a place (the latest's, the overlay's) are
 * reported.
 */
export function specPlatformFlowProblems(document: unknown): string[] {
  const problems = new Set<string>();
  for (const {holder, key, text} of textsOf(document)) {
    const at = locationOf(holder) && where(holder, '');
    if (!at) {
      continue;
    }
    const aboutTheShop = shopAspects.has(key) && 'actions' in holder;
    for (const message of platformFlowMessages(`${at}: ${key}`, text, {
      aboutTheShop,
    })) {
      problems.add(message);
    }
  }
  return [...problems];
}
