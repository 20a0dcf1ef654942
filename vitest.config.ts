import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const apiProject = (name: string, kind: 'pglite' | 'postgres', exclude: string[] = []) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    exclude,
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    // Each file builds its own app on its own database, and the server keeps no state in modules, so
    // a worker loads the server's modules once instead of once per file (most of the suite's time).
    isolate: false,
    globalSetup: ['tests/helpers/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const UNIT_FILES = ['tests/unit/**/*.test.{ts,tsx}'];

/**
 * Unit files that read a module's state shared by the whole page (the connection's slow and lost
 * flags), which a request left in flight or answered late by another file would change: each gets
 * fresh modules. Every file that reads `connection` belongs here.
 */
const ISOLATED_UNIT_FILES = [
  'tests/unit/connection.test.tsx',
  'tests/unit/resilient-routes.test.tsx',
  'tests/unit/app-shell.test.tsx',
  'tests/unit/api-client.test.ts',
];

/**
 * The unit project. The others share one worker's modules and environment between files
 * (`isolate: false`): loading React, Testing Library and jsdom again for each file was two thirds of
 * the project's time. Testing Library unmounts after each test and each file clears what it stubs.
 */
const unitProject = (name: string, isolate: boolean, exclude: string[], include = UNIT_FILES) => ({
  plugins: [react()],
  test: {
    name,
    include,
    exclude,
    isolate,
    // Files that touch no DOM start with `// @vitest-environment node`: setting up jsdom is most
    // of a small file's time.
    environment: 'jsdom',
    // The agency's zone, not the machine's UTC: a date shown in local time instead of UTC fails.
    env: { TZ: 'America/Santiago' },
    // Waits long enough for a loaded machine (see the file); a test gets time for a few of them.
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    // Two files at once: much of an API test's time is spent waiting on PostgreSQL, argon2 or a child
    // server, so a second worker fills the idle core (one worker per core on the 2-core CI machine).
    maxWorkers: 2,
    projects: [
      unitProject('unit', false, ISOLATED_UNIT_FILES),
      unitProject('unit-isolated', true, [], ISOLATED_UNIT_FILES),
      // A backup written by the backups' thread from a connection of its own is PostgreSQL's alone.
      apiProject('api-pglite', 'pglite', ['tests/api/backups/backup-writing-responsive.test.ts']),
      // Files that never open the project's database (PGlite's data-folder lock, `npm start` on PGlite,
      // a stream in memory, the backup commands' refusals) would only run a second time unchanged, and
      // one tests how PGlite's are reused between files.
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject('api-postgres', 'postgres', [
              'tests/api/platform/data-dir-lock.test.ts',
              'tests/api/platform/test-database-reuse.test.ts',
              'tests/api/platform/start-script.test.ts',
              'tests/api/platform/export-stream.test.ts',
              'tests/api/backups/backup-commands.test.ts',
            ]),
          ]
        : []),
    ],
  },
});
