import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Call, type Measurement, measure } from './load';
import { call, loadAverage } from './timing';

/*
 * Backups of the whole database (docs/product.md#backups): `npm run backup` and `npm run restore` timed as
 * commands, and the server's own backup (POST /api/backups: written, then verified by restoring it into a
 * scratch PGlite) with the sales list measured while it is written and while it is verified.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `src/server/<entry>.ts` as its npm script does (tsx), and returns its wall time in seconds. */
async function command(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/${entry}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${entry} terminó con el código ${code}`);
  return (performance.now() - started) / 1000;
}

export interface CommandFigures {
  backupSeconds: number;
  bytes: number;
  restoreSeconds: number;
  load: number;
}

/** `npm run backup -- --out FILE`, then `npm run restore -- FILE --database-url` into a new database. */
export async function commandTimings(databaseUrl: string, dir: string): Promise<CommandFigures> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'respaldo-bench.ndjson.gz');
  rmSync(file, { force: true });
  const backupSeconds = await command('backup', ['--out', file], { DATABASE_URL: databaseUrl });
  const target = new URL(databaseUrl);
  const name = `${target.pathname.slice(1)}_restaurada`;
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const restoreSeconds = await command('restore', [file, '--database-url', target.toString()], {});
    return { backupSeconds, bytes: statSync(file).size, restoreSeconds, load: loadAverage() };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(file, { force: true });
  }
}

interface BackupRow {
  id: number;
  status: string;
  /** Left out of the reply until the file is written. */
  bytes?: number | null;
  error?: string | null;
}

export interface ServerBackupFigures {
  status: string;
  error?: string | null;
  seconds: number;
  writeSeconds: number;
  listIdle: Measurement;
  listWriting: Measurement;
  listVerifying: Measurement;
}

/** Resolves once `done` holds for the server's backup `id`, looked at every 200 ms. */
async function until(url: string, token: string, id: number, done: (row: BackupRow) => boolean) {
  for (;;) {
    const { backups } = (await (await call(`${url}/api/backups`, token, 'GET')).json()) as {
      backups: BackupRow[];
    };
    const row = backups.find((b) => b.id === id);
    if (row && done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The list alone, then one server backup with the list measured while it is written and verified.
 * At 1,000,000 sales the verification (a restore into PGlite) outlasts a bench run: after
 * `verifyMinutes` the measurement ends with the backup still running, and stopping the server
 * stops its verification (decision 0072).
 */
export async function serverBackupTiming(
  url: string,
  token: string,
  list: Call,
  seconds: number,
  verifyMinutes = Number.POSITIVE_INFINITY,
): Promise<ServerBackupFigures> {
  const listIdle = await measure(url, list, 1, seconds);
  const started = performance.now();
  const reply = (await (await call(`${url}/api/backups`, token, 'POST')).json()) as { backup: BackupRow };
  const { id } = reply.backup;
  const written = until(url, token, id, (b) => b.bytes != null || b.status !== 'running');
  const listWriting = await measure(url, list, 1, 3600, written);
  const writeSeconds = (performance.now() - started) / 1000;
  const settled = until(url, token, id, (b) => b.status !== 'running');
  const cutOff = new Promise<BackupRow>((resolve) => {
    if (Number.isFinite(verifyMinutes))
      setTimeout(() => resolve({ id, status: 'running', bytes: null }), verifyMinutes * 60_000).unref();
  });
  const ended = Promise.race([settled, cutOff]);
  const listVerifying = await measure(url, list, 1, 24 * 3600, ended);
  const row = await ended;
  listIdle.call = `${list.name}, en reposo`;
  listWriting.call = `${list.name}, escribiendo el respaldo`;
  listVerifying.call = `${list.name}, verificando el respaldo`;
  return {
    status: row.status,
    error: row.error,
    seconds: (performance.now() - started) / 1000,
    writeSeconds,
    listIdle,
    listWriting,
    listVerifying,
  };
}
