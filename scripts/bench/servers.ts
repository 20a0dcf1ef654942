import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  /** The server's process, whose CPU time scripts/bench/cpu-cost.ts reads. */
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No se obtuvo un puerto libre');
  return address.port;
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`El servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`El servidor no respondió en ${url} en ${timeoutMs / 1000} s`);
}

/** Runs a TypeScript entry point in its own Node process, as `npm start` does. */
async function startProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (see
  // scripts/bench/profile-summary.ts); the bench's own process is left unprofiled.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  // The heap limit `npm start` sets (docs/decisions/0035): it decides how much garbage V8 lets pile up.
  const heap = '--max-old-space-size=1024';
  const child = spawn(process.execPath, [heap, ...profile, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${url}${readyPath}`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The real server (`src/server/main.ts`) in production mode. Request logging is off (warn level), as
 * a busy installation would run it; everything else (auth, validation, helmet) is as in production.
 */
export function startApp(
  database: { dataDir: string } | { databaseUrl: string },
  /** More of the server's settings (scripts/bench/new-work.ts: its backup folder, an SMTP server). */
  extra: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    // A measured server does only what is measured: with the schedules on, it starts with the day's
    // backup of the whole database (minutes at 1,000,000 sales) and reminder e-mails, and sends DTEs.
    BACKUP_SCHEDULE: 'false',
    REMINDER_SCHEDULE: 'false',
    SII_SEND: 'false',
    ...extra,
  };
  if ('databaseUrl' in database) env.DATABASE_URL = database.databaseUrl;
  else {
    env.DATA_DIR = database.dataDir;
    delete env.DATABASE_URL;
  }
  return startProcess('src/server/main.ts', env, '/api/health');
}

export function startBareFastify(): Promise<RunningServer> {
  return startProcess('scripts/bench/bare-server.ts', {}, '/');
}
