import {readPage} from '../../model/page-reading';
import {unscopedFlowMessage, unscopedFlows} from '../../model/platform-flows';
import {withoutDeliberate} from './deliberate';

/** The Shopify connector's own section: every store its pages speak of is a Shopify store. */
const shopifySection = /^docs\/shopify-connect\//;

/**
 * A page's sentence that gives a Shopify store's flow to any store
 * (`unscopedFlows`): one line at its line, outside the Shopify section.
 * Code and lines marked deliberately wrong are not read.
 */
export function platformFlowProblems(file: string, source: string): string[] {
  if (shopifySection.test(file)) {
    return [];
  }
  const {lines: kinds} = readPage(source);
  return withoutDeliberate({source})
    .source.split('\n')
    .flatMap((line, index) =>
      kinds[index] === 'code' || kinds[index] === 'module'
        ? []
        : unscopedFlows(line).map((found) =>
            unscopedFlowMessage(`${file}:${index + 1}:`, found),
          ),
    );
}
