import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { freePort } from '../../helpers/free-port';

/**
 * A server of a spec's own, for a story that changes what every other spec relies on (removing the demo
 * agency): the real server on a fresh PGlite folder with the demo seed, as `npm start`, on a free port.
 */
export async function startOwnServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-propia-'));
  // PGlite, never a developer's PostgreSQL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const server: ChildProcess = spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'],
    {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        BACKUP_DIR: path.join(dir, 'backups'),
        BACKUP_SCHEDULE: 'false',
        REMINDER_SCHEDULE: 'false',
        SII_SEND: 'false',
        REPLY_CHECKS: 'check',
        DEMO_DATA: 'true',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    // SIGTERM lets the server close PGlite before its folder goes.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000 },
      )
      .toBe(200);
  } catch (error) {
    // A server that never answered is not left running (nor its folder) for the rest of the run.
    await stop();
    throw error;
  }
  return { base, stop };
}
