import {test as base, expect, type Page} from '@playwright/test';

/**
 * Chromium reports the not-found document itself as a failed resource; only
 * tests that open an unknown address allow that one message.
 */
export const notFoundResourceError = /Failed to load resource: .*404/;

interface Fixtures {
  /** Console errors and uncaught exceptions; every test ends with none left. */
  consoleErrors: string[];
  /** Console errors a test expects and accepts. */
  allowConsoleErrors: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  allowConsoleErrors: async ({consoleErrors}, use) => {
    const allowed: RegExp[] = [];
    await use((pattern) => allowed.push(pattern));
    const unexpected = consoleErrors.filter(
      (error) => !allowed.some((pattern) => pattern.test(error)),
    );
    expect(unexpected, 'console errors').toEqual([]);
  },
});

export {expect};

/** Opens a path and waits until React has hydrated the page. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
}
