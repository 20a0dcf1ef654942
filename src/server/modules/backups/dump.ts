import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../../db/client';
import { codeMigrations, lastAppliedMigration } from '../../db/migrations';
import { auditHead } from '../../db/schema';
import { GENESIS_HASH } from '../audit';
import { readSequences, readTables } from './catalog';
import { type BackupHeader, headerLine, tableLine, trailerLine } from './format';
import { rowsOf } from './sql-rows';

/** Rows fetched from the cursor at a time: the memory a backup needs whatever the database's size. */
const FETCH_ROWS = 2000;

const packageJson = new URL('../../../../package.json', import.meta.url);
export const appVersion = (): string =>
  (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The whole database as the lines of a backup file, read inside the caller's transaction `tx` (one
 * snapshot: a repeatable-read, read-only transaction on PostgreSQL, PGlite's single connection), each
 * table through a cursor in primary-key order. Rows are `row_to_json` text as PostgreSQL writes it, so
 * numeric stays exact and dates keep their text; nothing is parsed or held beyond one fetch.
 */
export async function* dumpLines(tx: Database, kind: DatabaseKind): AsyncGenerator<Buffer> {
  const digest = createHash('sha256');
  const emit = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    digest.update(bytes);
    return bytes;
  };
  const tables = await readTables(tx);
  const header: BackupHeader = {
    appVersion: appVersion(),
    migration: await sourceMigration(tx),
    databaseKind: kind,
    createdAt: new Date().toISOString(),
    tables: tables.map(({ name, columns }) => ({ name, columns })),
    sequences: await readSequences(tx),
    auditLastHash: await auditLastHash(tx),
  };
  yield emit(headerLine(header));
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    yield emit(tableLine(table.name));
    let count = 0;
    const columns = table.columns.map(quote).join(', ');
    const key = table.primaryKey.length > 0 ? table.primaryKey : table.columns;
    const order = key.map((column) => `r.${quote(column)}`).join(', ');
    await tx.execute(
      sql.raw(
        `declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${quote(table.name)}) r order by ${order}`,
      ),
    );
    for (;;) {
      const batch = await rowsOf<{ line: string }>(
        tx,
        sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`),
      );
      if (batch.length === 0) break;
      count += batch.length;
      yield emit(`${batch.map((row) => row.line).join('\n')}\n`);
    }
    await tx.execute(sql.raw('close backup_rows'));
    rowCounts[table.name] = count;
  }
  yield Buffer.from(trailerLine({ rowCounts, payloadSha256: digest.digest('hex') }), 'utf8');
}

async function sourceMigration(tx: Database): Promise<BackupHeader['migration']> {
  const last = await lastAppliedMigration(tx);
  if (!last) return { tag: null, when: 0, hash: '' };
  const known = codeMigrations().find((migration) => migration.when === last.when);
  return { tag: known?.tag ?? null, when: last.when, hash: last.hash };
}

async function auditLastHash(tx: Database): Promise<string> {
  const [head] = await tx.select({ lastHash: auditHead.lastHash }).from(auditHead);
  return head?.lastHash ?? GENESIS_HASH;
}
