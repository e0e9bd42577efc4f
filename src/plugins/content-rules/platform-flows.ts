import {platformFlowMessages} from '../../model/platform-flows';
import {proseLines} from './prose-lines';

/** The Shopify connector's own section: every store its pages speak of is a Shopify store. */
const shopifySection = /^docs\/shopify-connect\//;

/**
 * A page's sentence that gives a Shopify store's flow to any store
 * (`unscopedFlows`), outside the Shopify section, or stock or prices to
 * Shopify stores in general (`unlimitedShopifyFlows`): one line at its line.
 */
export function platformFlowProblems(file: string, source: string): string[] {
  const anyPlatform = !shopifySection.test(file);
  return proseLines(source).flatMap(({line, number}) =>
    platformFlowMessages(`${file}:${number}:`, line, {anyPlatform}),
  );
}
