import {existsSync} from 'node:fs';
import {defineConfig, devices} from '@playwright/test';
import {basePath, bannerPort, buildDir, sitePort} from './tests/support/site';

// Playwright's own browser downloads are unavailable here: use the system
// Chromium (installed by .ci/run) unless CHROMIUM_PATH names another.
const systemChromium = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(systemChromium) ? systemChromium : undefined);

const isCI = Boolean(process.env.CI);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath,
    args: ['--disable-gpu', '--disable-background-networking'],
  },
};

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
      use: chromium,
    },
    {
      // `npm run test:variant`: builds the site once more, the way a
      // deployer with another base path and DocSearch would, and checks it.
      name: 'variant',
      testMatch: 'variant/**/*.spec.ts',
      use: chromium,
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.mjs --dir ${buildDir} --base ${basePath} --port ${sitePort}`,
      url: `http://127.0.0.1:${sitePort}${basePath}`,
      reuseExistingServer: !isCI,
    },
    {
      // The same build served at / instead of /help/: a wrong base URL.
      command: `node scripts/serve.mjs --dir ${buildDir} --base / --port ${bannerPort}`,
      url: `http://127.0.0.1:${bannerPort}/`,
      reuseExistingServer: !isCI,
    },
  ],
});
