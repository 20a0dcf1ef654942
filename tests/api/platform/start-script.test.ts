import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port';

/**
 * A deliberate stop of `npm start` (a supervisor's or a person's `kill`) must reach the server, which
 * then closes PGlite and releases the data directory. It runs on PGlite whatever the API project:
 * the lock only exists there.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'npm-start-'));
let npm: ChildProcess | undefined;

afterAll(() => {
  // Whatever is left of the run (the test failed): its whole process group.
  try {
    if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('npm start', () => {
  it('stops the server and releases the data directory on SIGTERM to the npm process', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    // Its own process group, so that clean-up can reach everything npm started if the test fails.
    npm = spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore', detached: true });
    const exited = new Promise<number | null>((resolve) => npm?.on('exit', (code) => resolve(code)));
    const health = `http://127.0.0.1:${port}/api/health`;
    // The first start may build the web app.
    expect(await until(() => answers(health), 200_000)).toBe(true);
    const lockFile = path.join(dataDir, 'server.pid');
    expect(existsSync(lockFile)).toBe(true);

    process.kill(npm.pid as number, 'SIGTERM');
    expect(await until(async () => !(await answers(health)), 10_000)).toBe(true);
    expect(await until(() => !existsSync(lockFile), 10_000)).toBe(true);
    expect(await exited).toBe(0);
  });
});
