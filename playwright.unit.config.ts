import {defineConfig} from '@playwright/test';

/** Unit tests: no build, no browser, no server. They run before the build. */
export default defineConfig({
  testDir: './tests/unit',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Many tests load the whole API model (both releases, every check), which
  // takes seconds alone and more than the default 30 s while `npm test`
  // builds the site beside them on a two-core machine.
  timeout: 120_000,
  reporter: [['list']],
});
