import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../../db/client';
import { codeMigrations, lastAppliedMigration } from '../../db/migrations';
import { auditHead } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { GENESIS_HASH } from '../audit';
import { readSequences, readTables } from './catalog';
import { BackupError } from './errors';
import { type BackupHeader, headerLine, tableLine, trailerLine } from './format';
import { MAX_LINE_BYTES } from './lines';
import { keyIdOf, payloadDigests } from './signature';

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
 * numeric stays exact and dates keep their text; nothing is parsed or held beyond one fetch. The
 * trailer signs every byte with `secretKey` (signature.ts).
 */
export async function* dumpLines(
  tx: Database,
  kind: DatabaseKind,
  secretKey: string,
): AsyncGenerator<Buffer> {
  const digest = payloadDigests(secretKey);
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
  yield emit(headerLine(header, keyIdOf(secretKey)));
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
      for (const [i, row] of batch.entries()) refuseTooLong(table.name, count + i, row.line);
      count += batch.length;
      yield emit(`${batch.map((row) => row.line).join('\n')}\n`);
    }
    await tx.execute(sql.raw('close backup_rows'));
    rowCounts[table.name] = count;
  }
  yield Buffer.from(trailerLine({ rowCounts, ...digest.digest() }), 'utf8');
}

/**
 * A row the reader would refuse fails the backup now, when it can still be seen to, not at a restore
 * (decision 0080). A UTF-16 unit is at most 3 bytes of UTF-8: shorter strings are not even measured.
 */
function refuseTooLong(table: string, index: number, line: string) {
  if (line.length * 3 <= MAX_LINE_BYTES || Buffer.byteLength(line) <= MAX_LINE_BYTES) return;
  throw new BackupError(
    `La fila ${index + 1} de la tabla ${table} ocupa más de ${MAX_LINE_BYTES / 1024 / 1024} MiB, el máximo de un respaldo: no se guardó nada.`,
  );
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
