import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server (in-process, fresh embedded database) serving the built
 * site. Build first: `npx vite build && npx playwright test`.
 */
// Where global-setup tells the workers about its server: one file per run (see server-info.ts).
process.env.BROWSER_SERVER_INFO ??= `.tmp/browser-server-${process.pid}.json`;
// The in-process server logs warnings and errors only: one line per request would bury the report.
process.env.LOG_LEVEL ??= 'warn';

export default defineConfig({
  testDir: 'tests/browser',
  globalSetup: './tests/browser/global-setup.ts',
  globalTeardown: './tests/browser/global-teardown.ts',
  // One worker: the machine is shared, and every test talks to the one server started above.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The CI sums the results from the JSON report.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      // These keep Chromium off the (closed) network and stable in containers.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
