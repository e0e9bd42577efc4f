import {readPage} from '../../model/page-reading';
import {platformFlowMessages} from '../../model/platform-flows';
import {withoutDeliberate} from './deliberate';

/** The Shopify connector's own section: every store its pages speak of is a Shopify store. */
const shopifySection = /^docs\/shopify-connect\//;

/**
 * A page's sentence that gives a Shopify store's flow to any store
 * (`unscopedFlows`), outside the Shopify section, or stock or prices to
 * Shopify stores in general (`unlimitedShopifyFlows`): one line at its line.
 * Code and lines marked deliberately wrong are not read.
 */
export function platformFlowProblems(file: string, source: string): string[] {
  const {lines: kinds} = readPage(source);
  const anyPlatform = !shopifySection.test(file);
  return withoutDeliberate({source})
    .source.split('\n')
    .flatMap((line, index) =>
      kinds[index] === 'code' || kinds[index] === 'module'
        ? []
        : platformFlowMessages(`${file}:${index + 1}:`, line, {anyPlatform}),
    );
}
