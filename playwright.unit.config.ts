import {defineConfig} from '@playwright/test';

/** Unit tests: no build, no browser, no server. They run before the build. */
export default defineConfig({
  testDir: './tests/unit',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
});
