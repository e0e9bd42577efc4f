import {existsSync} from 'node:fs';
import {defineConfig, devices} from '@playwright/test';
import {
  algoliaBuildDir,
  algoliaPort,
  basePath,
  bannerPort,
  sitePort,
} from './tests/support/site';

// Playwright's own browser downloads are unavailable here: use the system
// Chromium (installed by .ci/run) unless CHROMIUM_PATH names another.
const systemChromium = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(systemChromium) ? systemChromium : undefined);

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  expect: {timeout: 10_000},
  use: {
    baseURL: `http://127.0.0.1:${sitePort}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'unit',
      testMatch: 'unit/**/*.spec.ts',
    },
    {
      name: 'chromium',
      testMatch: 'e2e/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: ['--disable-gpu', '--disable-background-networking'],
        },
      },
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.mjs --dir build --base ${basePath} --port ${sitePort}`,
      url: `http://127.0.0.1:${sitePort}${basePath}`,
      reuseExistingServer: !isCI,
    },
    {
      // The same build served at / instead of /help/: a wrong base URL.
      command: `node scripts/serve.mjs --dir build --base / --port ${bannerPort}`,
      url: `http://127.0.0.1:${bannerPort}/`,
      reuseExistingServer: !isCI,
    },
    {
      // The site built with Algolia DocSearch instead of the local search.
      command: `node scripts/serve.mjs --dir ${algoliaBuildDir} --base ${basePath} --port ${algoliaPort}`,
      url: `http://127.0.0.1:${algoliaPort}${basePath}`,
      reuseExistingServer: !isCI,
    },
  ],
});
