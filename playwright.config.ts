import {existsSync} from 'node:fs';
import {defineConfig, devices} from '@playwright/test';
import {basePath, bannerPort, buildDir, sitePort} from './tests/support/site';

/**
 * The tests that need the production build (`npm run build` first): the
 * variant build's checks, checks of the built files, and the browser tests
 * against the build served by the shipped nginx configuration. The unit
 * tests, which need no build, have their own configuration
 * (playwright.unit.config.ts).
 */

// Playwright's own browser downloads are unavailable here: use the system
// Chromium (installed by scripts/ensure-tools.mjs) unless CHROMIUM_PATH
// names another.
const systemChromium = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(systemChromium) ? systemChromium : undefined);

const isCI = Boolean(process.env.CI);

// The development server's first compile of the whole site, on two busy cores.
const devServerTimeoutMs = 300_000;

// Servers get this long to stop cleanly (nginx removes its temporary root).
const serverShutdownMs = 5_000;

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
      // Builds the site once more, the way a deployer with another base path
      // and DocSearch would, and checks it. First, so one worker builds it
      // while the other starts on the browser tests.
      name: 'variant',
      testMatch: 'variant/**/*.spec.ts',
      use: chromium,
    },
    {
      name: 'build',
      testMatch: 'build/**/*.spec.ts',
    },
    {
      // The development server on a copy of the site: edits show live, and
      // mistakes as one message; and `npm run build` of copies with a
      // mistake planted, which stops with its one line (needs no build).
      name: 'authoring',
      testMatch: 'authoring/**/*.spec.ts',
      use: chromium,
      // Its server compiles the whole site before the first test.
      timeout: devServerTimeoutMs,
    },
    {
      name: 'chromium',
      testMatch: 'e2e/**/*.spec.ts',
      use: chromium,
    },
  ],
  webServer: [
    {
      // The build as production serves it: the shipped nginx configuration.
      command: `node node_modules/jiti/bin/jiti.js tests/support/nginxServer.ts ${sitePort} ${buildDir}`,
      url: `http://127.0.0.1:${sitePort}${basePath}`,
      reuseExistingServer: !isCI,
      gracefulShutdown: {signal: 'SIGTERM', timeout: serverShutdownMs},
    },
    {
      // The same build served at / instead of /help/: a wrong base URL.
      command: `node scripts/serve.mjs --dir ${buildDir} --base / --port ${bannerPort}`,
      url: `http://127.0.0.1:${bannerPort}/`,
      reuseExistingServer: !isCI,
    },
  ],
});
