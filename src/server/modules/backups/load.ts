import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { databaseReason } from './database-errors';
import { BackupError } from './errors';
import type { BackupHeader, BackupManifest } from './format';
import { type BackupKeys, readBackup } from './read-file';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Triggers that keep derived tables (sales_daily, report_days, dues, search text...) and guard the
 * audit trail stay off while rows load: the backup holds the derived rows as they were, and the audit
 * guards would refuse rows that were never "appended". `DISABLE TRIGGER USER` needs only the tables'
 * owner (no superuser, unlike session_replication_role) and leaves the foreign-key checks on.
 */
async function setUserTriggers(tx: Database, tables: BackupHeader['tables'], enabled: boolean) {
  for (const { name } of tables) {
    await tx.execute(sql.raw(`alter table ${quote(name)} ${enabled ? 'enable' : 'disable'} trigger user`));
  }
}

/**
 * Loads the rows of the backup into the caller's transaction, table by table in the file's order
 * (every table after those it refers to), through json_populate_recordset: PostgreSQL parses each
 * value from its own text, so numeric, dates and timestamps come back exactly. The rows a migration
 * put in (audit_head's first row) are cleared first; sequences are set as they were.
 */
export async function loadRows(tx: Database, file: string, keys: BackupKeys, manifest: BackupManifest) {
  await setUserTriggers(tx, manifest.tables, false);
  for (const { name } of [...manifest.tables].reverse())
    await tx.execute(sql.raw(`delete from ${quote(name)}`));
  const columnsOf = new Map(manifest.tables.map((t) => [t.name, t.columns.map(quote).join(', ')]));
  for await (const part of readBackup(file, keys)) {
    if (part.kind === 'header' && part.header.createdAt !== manifest.createdAt) {
      throw new BackupError('El archivo cambió mientras se restauraba. No se cambió nada.');
    }
    if (part.kind !== 'rows') continue;
    const columns = sql.raw(columnsOf.get(part.table) ?? '');
    const table = sql.raw(quote(part.table));
    const insert = (lines: string[]) =>
      tx.execute(
        sql`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, ${`[${lines.join(',')}]`}::json)`,
      );
    const failed = await failureOf(tx, () => insert(part.lines));
    if (failed) {
      throw new BackupError(
        `La restauración falló y no se cambió nada: ${await whichRow(tx, part, insert, failed.error)}.`,
      );
    }
  }
  for (const sequence of manifest.sequences) {
    await tx.execute(
      sql`select setval(quote_ident(${sequence.name})::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
    );
  }
  await setUserTriggers(tx, manifest.tables, true);
}

/** Runs `statement` in a savepoint: its error if it failed, the transaction still usable after it. */
async function failureOf(
  tx: Database,
  statement: () => Promise<unknown>,
): Promise<{ error: unknown } | null> {
  await tx.execute(sql`savepoint backup_rows`);
  try {
    await statement();
  } catch (error) {
    await tx.execute(sql`rollback to savepoint backup_rows`);
    return { error };
  }
  await tx.execute(sql`release savepoint backup_rows`);
  return null;
}

/**
 * A batch was refused: its rows are tried one by one to name the one at fault by its line in the
 * file, with the reason and never its values (database-errors.ts). Only a failed restore pays this.
 */
async function whichRow(
  tx: Database,
  part: { table: string; lines: string[]; firstLine: number },
  insert: (lines: string[]) => Promise<unknown>,
  batchError: unknown,
): Promise<string> {
  for (const [index, line] of part.lines.entries()) {
    const failed = await failureOf(tx, () => insert([line]));
    if (failed) {
      return `la fila de la línea ${part.firstLine + index} del archivo (tabla ${part.table}) ${databaseReason(failed.error)}`;
    }
  }
  const last = part.firstLine + part.lines.length - 1;
  return `las filas de las líneas ${part.firstLine} a ${last} del archivo (tabla ${part.table}) ${databaseReason(batchError)}`;
}

/** Each table's rows in the target against the manifest's counts, and the audit chain's newest hash. */
export async function checkLoaded(tx: Database, manifest: BackupManifest) {
  const counts: { table: string; expected: number; actual: number }[] = [];
  for (const { name } of manifest.tables) {
    const [row] = await rowsOf<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${quote(name)}`));
    counts.push({ table: name, expected: manifest.rowCounts[name] ?? 0, actual: row?.n ?? 0 });
  }
  const wrong = counts.filter((count) => count.expected !== count.actual);
  if (wrong.length > 0) {
    const list = wrong.map((c) => `${c.table}: ${c.actual} de ${c.expected}`).join(', ');
    throw new BackupError(`Las filas restauradas no son las del respaldo (${list}). No se cambió nada.`);
  }
  const [head] = await rowsOf<{ last_hash: string }>(tx, sql`select last_hash from audit_head`);
  if (head && head.last_hash !== manifest.auditLastHash) {
    throw new BackupError(
      'La cadena de auditoría restaurada no termina donde dice el respaldo. No se cambió nada.',
    );
  }
  return counts;
}
