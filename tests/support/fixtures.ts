import {test as base, expect, type Page} from '@playwright/test';

/**
 * Chromium reports the not-found document itself as a failed resource; only
 * tests that open an unknown address allow that one message.
 */
export const notFoundResourceError = /Failed to load resource: .*404/;

interface Fixtures {
  /** Console errors a test expects; set with test.use(). */
  allowedConsoleErrors: RegExp[];
  /** Fails any test that logs an unexpected console error or exception. */
  consoleGuard: void;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], {option: true}],
  consoleGuard: [
    async ({page, allowedConsoleErrors}, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      const unexpected = errors.filter(
        (error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)),
      );
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Opens a path and waits until React has hydrated the page. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
}
