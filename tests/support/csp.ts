import type {Page} from '@playwright/test';

/** Records the page's Content-Security-Policy violations from its first script on, for `cspViolations`. */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, {cspViolations: violations});
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** The violations recorded so far: each directive and what it blocked. */
export const cspViolations = (page: Page) =>
  page.evaluate(
    () => (window as unknown as {cspViolations: string[]}).cspViolations,
  );
