import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';

// E2E_PORT lets two runs in one checkout coexist (each gets its own servers and data directories).
const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The spec files are split into E2E_SERVERS groups, each a project with its own server and PGlite on
 * its own port, run side by side (one worker each). Tests of one group share a server as before, so a
 * file never sees another group's data; two groups keep both cores busy while a browser waits.
 */
const SERVERS = Number(process.env.E2E_SERVERS ?? 2);
const TEST_DIR = 'tests/e2e';

/**
 * Specs that turn electronic invoicing on (they save the company's tax data, after which "Generar
 * Factura" issues DTEs instead of the internal invoice the other specs expect): they have a server of
 * their own (decision 0065), and run in whichever worker finishes its group first.
 */
const DTE_SPEC = /(^|\/)dte-[^/]*\.spec\.ts$/;

/** Spec files spread over the groups by their number of tests (largest first), so the groups take about as long. */
function specGroups(count: number): string[][] {
  // One folder per area (tests/e2e/<area>/), so the spec files are found at any depth.
  const specs = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts') && !DTE_SPEC.test(file))
    .map((file) => ({
      file,
      tests: readFileSync(`${TEST_DIR}/${file}`, 'utf8').split(/\btest\(/).length - 1,
    }))
    .sort((a, b) => b.tests - a.tests || a.file.localeCompare(b.file));
  const groups = Array.from({ length: count }, () => ({ files: [] as string[], tests: 0 }));
  for (const spec of specs) {
    const lightest = groups.reduce((min, group) => (group.tests < min.tests ? group : min));
    lightest.files.push(spec.file);
    lightest.tests += spec.tests;
  }
  return groups.map((group) => group.files);
}

const baseUrl = (port: number) => `http://127.0.0.1:${port}`;
const groups = specGroups(SERVERS);
const groupNames = groups.map((_, index) => (SERVERS === 1 ? 'chromium' : `chromium-${index + 1}`));
const ports = Array.from({ length: SERVERS }, (_, index) => PORT + index);
const dtePort = PORT + SERVERS;

export default defineConfig({
  testDir: TEST_DIR,
  // Playwright wipes this folder at start: per port, so a second run on another port leaves this one's
  // traces alone, and other reports under test-results/ survive.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  // One browser per group at a time (each project has one worker: two browsers on one server would race
  // on its shared demo data); the DTE project takes the first worker whose group is done.
  workers: SERVERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous: on a loaded 2-core CI machine a long story test takes 30 s; a hang still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // PLAYWRIGHT_JSON_OUTPUT_FILE (set by scripts/test.sh) takes precedence over this path.
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-report-${PORT}.json` }]],
  use: {
    headless: true,
    locale: 'es-CL',
    // The agency's zone: dates must not shift by a day when the browser is not on UTC.
    timezoneId: 'America/Santiago',
    // No fades: nothing waits on an animation, and axe never reads a toast half faded in as low
    // contrast. The app and its toasts honour this setting as they do for any user who asks for it.
    reducedMotion: 'reduce',
    // DOM snapshots are kept for a failed test; the screencast is not, as it cost a third of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    ...groupNames.map((name, index) => ({
      name,
      testMatch: groups[index],
      // A group's files run one after another: without this limit a worker that finished its own group
      // would join another and two tests would change one server's data at once.
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: baseUrl(ports[index] ?? PORT),
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    })),
    {
      name: 'chromium-dte',
      testMatch: DTE_SPEC,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: baseUrl(dtePort),
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [...ports, dtePort].map((port) => {
    // A throw-away PGlite directory, wiped at every start, so each run begins from the demo seed alone.
    const dataDir = `.tmp/e2e-data-${port}`;
    // Its backups (Respaldos) too, so a run's files never mix with another's.
    const backupDir = `.tmp/e2e-backups-${port}`;
    return {
      // The real server on PGlite (DATABASE_URL is dropped so a developer's PostgreSQL is never
      // touched), serving the built web app; the build step is a no-op when dist/web is up to date,
      // and the lock makes the servers starting together build it once.
      command: [
        `rm -rf ${dataDir} ${backupDir}`,
        'mkdir -p .tmp',
        'flock .tmp/web-build.lock node scripts/build-web-if-needed.mjs',
        'exec env -u DATABASE_URL node node_modules/tsx/dist/cli.mjs src/server/main.ts',
      ].join(' && '),
      url: `${baseUrl(port)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The start-up banner is noise in test output; start-up errors go to stderr, which is shown.
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      // SIGTERM lets the server close PGlite and release its lock instead of being killed mid-write.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        // A daily backup starting by itself would race the Respaldos test's own.
        BACKUP_SCHEDULE: 'false',
        // Every reply the browser gets is checked against its declared schema (decision 0059).
        REPLY_CHECKS: 'check',
        // Reminders queued by the clock would mix with the ones the Correos test reads.
        REMINDER_SCHEDULE: 'false',
        // No SII to reach from the E2E servers: issued documents wait as "Por enviar".
        SII_SEND: 'false',
        DEMO_DATA: 'true',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    };
  }),
});
