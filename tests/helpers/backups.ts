import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { BackupDto, BackupList } from '../../src/domain/backups';
import { buildApp } from '../../src/server/app';
import { type Database, openPostgres } from '../../src/server/db/client';
import type { BackupKeys } from '../../src/server/modules/backups';
import type { BackupSettings } from '../../src/server/modules/backups/service';
import { payloadDigests } from '../../src/server/modules/backups/signature';
import { scratchPostgres, type TestContext } from './test-app';

/**
 * Every row of every table of the public schema (and drizzle's migration bookkeeping) as text, in a
 * fixed order and in UTC, so two databases of either kind compare with toEqual.
 */
export async function allRows(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = (await tx.execute(
      sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
    )) as unknown as { rows: { name: string }[] };
    const result: Record<string, string[]> = {};
    for (const { name } of [...tables.rows, { name: 'drizzle.__drizzle_migrations' }]) {
      const from = name.includes('.') ? name : `"${name}"`;
      const rows = (await tx.execute(
        sql.raw(`select row_to_json(t)::text as line from ${from} t order by 1`),
      )) as unknown as { rows: { line: string }[] };
      result[name] = rows.rows.map((row) => row.line).sort();
    }
    return result;
  });
}

/** The sequences' states, which a restore must carry over so ids are never handed out twice. */
export async function sequenceStates(db: Database): Promise<Record<string, string>> {
  const names = (await db.execute(
    sql`select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`,
  )) as unknown as { rows: { name: string }[] };
  const states: Record<string, string> = {};
  for (const { name } of names.rows) {
    const state = (await db.execute(
      sql.raw(`select last_value::text || ' ' || is_called::text as s from "${name}"`),
    )) as unknown as { rows: { s: string }[] };
    states[name] = state.rows[0]?.s ?? '';
  }
  return states;
}

/** A brand-new PostgreSQL database without any table (prefix bk_), dropped by `close`. */
export const emptyPostgres = () => scratchPostgres('bk', { poolSize: 2 });

/**
 * The settings' seam between writing and verifying a backup: after `damageNext()`, the next file gets
 * one byte flipped in its middle, so its verification fails.
 */
export function damagingOnce() {
  let armed = false;
  return {
    damageNext: () => {
      armed = true;
    },
    beforeVerify: async (file: string) => {
      if (!armed) return;
      armed = false;
      const bytes = readFileSync(file);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      writeFileSync(file, bytes);
    },
  };
}

/** The secret key the tests sign their backups with (an app's own is random unless given one). */
export const TEST_SECRET_KEY = 'clave-secreta-de-los-respaldos-de-prueba';
export const testKeys: BackupKeys = { secretKey: TEST_SECRET_KEY };

/** Writes `text` as the writer's gzip: its header's operating-system byte at 255 (see gzip-header.ts). */
export function writeBackupGzip(file: string, text: string) {
  const gzip = gzipSync(text);
  gzip[9] = 0xff;
  writeFileSync(file, gzip);
}

/**
 * Rewrites an unencrypted backup: `change` edits its lines (without their newlines) and its trailer,
 * then the SHA-256 is made right again. `signWith` signs it again too, as the holder of that key could;
 * without it the file keeps its old HMAC, as a forger who has no key would leave it.
 */
export function rewriteBackup(
  from: string,
  to: string,
  change: (lines: string[], trailer: Record<string, unknown>) => void,
  signWith?: string,
) {
  const lines = gunzipSync(readFileSync(from)).toString('utf8').split('\n').filter(Boolean);
  const [, trailer] = JSON.parse(lines.pop() ?? '') as [string, Record<string, unknown>];
  change(lines, trailer);
  const body = `${lines.join('\n')}\n`;
  const digests = payloadDigests(signWith);
  digests.update(Buffer.from(body, 'utf8'));
  const { payloadSha256, payloadHmac } = digests.digest();
  trailer.payloadSha256 = payloadSha256;
  if (payloadHmac) trailer.payloadHmac = payloadHmac;
  writeBackupGzip(to, `${body}${JSON.stringify(['end', trailer])}\n`);
}

/** A backup with its header changed, signed again with `signWith`: a file that key's server could write. */
export function rewriteHeader(
  from: string,
  to: string,
  change: (header: Record<string, unknown>) => void,
  signWith: string,
) {
  rewriteBackup(
    from,
    to,
    (lines) => {
      const [name, version, header] = JSON.parse(lines[0] ?? '') as [string, number, Record<string, unknown>];
      change(header);
      lines[0] = JSON.stringify([name, version, header]);
    },
    signWith,
  );
}

/** The backups as an admin lists them (GET /api/backups). */
export async function listBackupsAs(ctx: TestContext): Promise<BackupList> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/backups', headers: await ctx.auth('admin') });
  if (res.statusCode !== 200) throw new Error(`GET /api/backups: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Waits until no backup is 'running' (writing and verifying take a few seconds), and returns the list. */
export async function untilBackupsSettle(ctx: TestContext, timeoutMs = 60_000): Promise<BackupList> {
  const started = Date.now();
  for (;;) {
    const list = await listBackupsAs(ctx);
    if (list.backups.every((backup) => backup.status !== 'running')) return list;
    if (Date.now() - started > timeoutMs) throw new Error('the backup is still running');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a backup as an admin and waits for its outcome. */
export async function settledBackup(ctx: TestContext): Promise<BackupDto> {
  await untilBackupsSettle(ctx);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/backups', headers: await ctx.auth('admin') });
  if (res.statusCode !== 202) throw new Error(`POST /api/backups: ${res.statusCode} ${res.body}`);
  const { id } = res.json().backup as BackupDto;
  const list = await untilBackupsSettle(ctx);
  const backup = list.backups.find((b) => b.id === id);
  if (!backup) throw new Error(`backup ${id} is not listed`);
  return backup;
}

/**
 * A second app server on the test context's database, with its own backup folder: on PostgreSQL its
 * own connection pool, as another machine would have; on PGlite the same handle (one process).
 */
export async function secondServer(ctx: TestContext, settings: Partial<BackupSettings> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bk-second-'));
  const database = ctx.database.url ? await openPostgres(ctx.database.url, 5) : undefined;
  const app = await buildApp({
    database: database ?? ctx.database,
    demo: false,
    backups: { ...settings, dir },
  });
  return {
    app,
    dir,
    async close() {
      await app.close();
      await database?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
