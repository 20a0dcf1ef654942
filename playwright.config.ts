import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs in one checkout coexist (each gets its own server and data directory).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A throw-away PGlite directory, wiped at every start, so each run begins from the demo seed alone.
const DATA_DIR = `.tmp/e2e-data-${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright wipes this folder at start: per port, so a second run on another port leaves this one's
  // traces alone, and other reports under test-results/ survive.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  // All tests share one server and one PGlite (a single process); two browsers at once on a 2-core
  // machine mostly buy contention, so one worker keeps timings steady.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // PLAYWRIGHT_JSON_OUTPUT_FILE (set by scripts/test.sh) takes precedence over this path.
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-report-${PORT}.json` }]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: 'es-CL',
    // The agency's zone: dates must not shift by a day when the browser is not on UTC.
    timezoneId: 'America/Santiago',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium: Playwright's own browser download cannot work on these machines.
        // The networking flags stop Chromium's background calls, which the closed network refuses.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // The real server on PGlite (DATABASE_URL is dropped so a developer's PostgreSQL is never touched),
    // serving the built web app; the build step is a no-op when dist/web is up to date.
    command: [
      `rm -rf ${DATA_DIR}`,
      'node scripts/build-web-if-needed.mjs',
      'exec env -u DATABASE_URL node node_modules/tsx/dist/cli.mjs src/server/main.ts',
    ].join(' && '),
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The start-up banner is noise in test output; start-up errors go to stderr, which is shown.
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server close PGlite and release its lock instead of being killed mid-write.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_DATA: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
