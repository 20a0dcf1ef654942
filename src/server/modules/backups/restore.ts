import { sql } from 'drizzle-orm';
import type { AuditVerifyResult } from '../../../domain/audit';
import type { Database, DatabaseHandle } from '../../db/client';
import { applyMigrationsIn, lastAppliedMigration } from '../../db/migrations';
import { rowsOf } from '../../db/sql-rows';
import { verifyAudit } from '../audit';
import { checkCompatible } from './compatibility';
import { databaseReason } from './database-errors';
import { BackupError } from './errors';
import type { BackupManifest } from './format';
import { checkLoaded, loadRows } from './load';
import { type BackupKeys, verifyBackupFile } from './read-file';

export interface RestoreReport {
  manifest: BackupManifest;
  /** Migrations applied before the rows (up to the backup's) and after them (the newer ones). */
  migrationsBefore: string[];
  migrationsAfter: string[];
  counts: { table: string; expected: number; actual: number }[];
  audit: AuditVerifyResult;
}

/**
 * The first table holding rows, or null when the target is empty. A migrated database that nobody
 * used is empty too: its only row is audit_head's, at genesis (no entries).
 */
export async function firstNonEmptyTable(db: Database): Promise<{ table: string; rows: number } | null> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  for (const { name } of tables) {
    const condition = name === 'audit_head' ? 'where entries > 0' : '';
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from (select 1 from "${name}" ${condition} limit 1000) t`),
    );
    if (row && row.n > 0) return { table: name, rows: row.n };
  }
  return null;
}

/**
 * Restores a backup into an empty database, all in one transaction, so a failure at any step leaves
 * the target as it was: the whole file is read and checked first (hash, manifest, version), then the
 * target's emptiness; inside the transaction the migrations up to the backup's, the rows (read and
 * checked again), the sequences, the counts and the audit head, the newer migrations, and the audit
 * chain walked end to end. No message quotes a row's values (decision 0080).
 */
export async function restoreBackup(
  database: DatabaseHandle,
  file: string,
  keys: BackupKeys,
  /** The manifest from verifyBackupFile, when the caller has just read the whole file already. */
  verified?: BackupManifest,
): Promise<RestoreReport> {
  const manifest = verified ?? (await verifyBackupFile(file, keys));
  const { backupMigration } = checkCompatible(manifest);
  const used = await firstNonEmptyTable(database.db);
  if (used) {
    throw new BackupError(
      `La base de datos de destino no está vacía (la tabla ${used.table} tiene filas): solo se restaura ` +
        'en una base vacía, para no mezclar ni borrar datos. No se cambió nada.',
    );
  }
  try {
    return await database.db.transaction(async (tx) => {
      const current = await lastAppliedMigration(tx);
      if (current && current.when > backupMigration.when) {
        throw new BackupError(
          `La base de destino ya tiene migraciones posteriores a las del respaldo (${backupMigration.tag}): ` +
            'restaura en una base recién creada, sin tablas. No se cambió nada.',
        );
      }
      const migrationsBefore = await applyMigrationsIn(
        tx,
        (m) => (current === null || m.when > current.when) && m.when <= backupMigration.when,
      );
      await loadRows(tx, file, keys, manifest);
      const counts = await checkLoaded(tx, manifest);
      const migrationsAfter = await applyMigrationsIn(tx, (m) => m.when > backupMigration.when, {
        failed: (tag, error) =>
          new BackupError(
            `La migración ${tag} no se pudo aplicar a los datos restaurados: ${databaseReason(error)}. No se cambió nada.`,
          ),
      });
      const audit = await verifyAudit(tx);
      if (!audit.ok) {
        throw new BackupError(
          `La cadena de auditoría restaurada no verifica: ${audit.message}. No se cambió nada.`,
        );
      }
      return { manifest, migrationsBefore, migrationsAfter, counts, audit };
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`La restauración falló y no se cambió nada: ${databaseReason(error)}.`);
  }
}
