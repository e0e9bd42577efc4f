import {scopeAdvice, unscopedFlows} from '../../../model/platform-flows';
import {locationOf, where} from '../../../model/yaml';

/** Keys whose values are data a response or request carries, not the document's own words. */
const dataKeys = new Set(['example', 'examples', 'enum', 'const', 'default']);

/** A lifecycle state's columns about the shop (`defaultStateColumns`: In the shop, Stock, Orders). */
const shopAspects = new Set(['listings', 'stock', 'orders']);

/**
 * The document's own texts (descriptions, summaries, state tables,
 * triggers: every string outside examples and values) that give a Shopify
 * store's flow to any store (`unscopedFlows`), one line each at the text;
 * a state's shop, stock and orders columns speak of the store unnamed. An older release's document is the latest's with its overlay applied:
 * a text it copied from the latest has no place of its own and is read in
 * the latest, so only texts with a place (the latest's, the overlay's) are
 * reported.
 */
export function specPlatformFlowProblems(document: unknown): string[] {
  const problems = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) {
      return;
    }
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (dataKeys.has(key)) {
        continue;
      }
      if (typeof child === 'string') {
        const at = locationOf(value) && where(value, '');
        const aboutTheShop = shopAspects.has(key) && 'actions' in value;
        for (const {sentence, flow} of at
          ? unscopedFlows(child, {aboutTheShop})
          : []) {
          problems.add(
            `${at}: ${key} "${sentence.slice(0, 80)}${sentence.length > 80 ? '…' : ''}" gives ${flow} to any store. ${scopeAdvice}`,
          );
        }
      } else {
        visit(child);
      }
    }
  };
  visit(document);
  return [...problems];
}
