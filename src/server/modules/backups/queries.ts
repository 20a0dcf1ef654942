import { and, desc, eq, sql } from 'drizzle-orm';
import type { BackupDto } from '../../../domain/backups';
import type { Database } from '../../db/client';
import { backups } from '../../db/schema';

type BackupRow = typeof backups.$inferSelect;

/** Rows the screen lists: the daily schedule and its retention (next) keep far fewer. */
const LIST_LIMIT = 200;

export const backupDto = (row: BackupRow): BackupDto => ({
  id: row.id,
  fileName: row.fileName,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  bytes: row.bytes,
  rowCounts: row.rowCounts,
  status: row.status,
  error: row.error,
});

export async function insertRunning(db: Database, fileName: string, createdBy: number | null) {
  const [row] = await db.insert(backups).values({ fileName, createdBy }).returning();
  if (!row) throw new Error('backups insert returned no row');
  return row;
}

export async function markWritten(db: Database, id: number, written: { bytes: number; fileSha256: string }) {
  await db.update(backups).set(written).where(eq(backups.id, id));
}

export async function markVerified(db: Database, id: number, rowCounts: Record<string, number>) {
  await db
    .update(backups)
    .set({ status: 'verified', rowCounts, finishedAt: new Date() })
    .where(eq(backups.id, id));
}

export async function markFailed(db: Database, id: number, error: string) {
  await db.update(backups).set({ status: 'failed', error, finishedAt: new Date() }).where(eq(backups.id, id));
}

/**
 * A backup still 'running' when the server starts was cut off by a stop or a crash (one server per
 * database for now; several servers would each need to own their rows).
 */
export async function failInterrupted(db: Database) {
  await db
    .update(backups)
    .set({
      status: 'failed',
      error: 'El servidor se detuvo mientras se hacía el respaldo',
      finishedAt: new Date(),
    })
    .where(eq(backups.status, 'running'));
}

export async function listBackups(db: Database) {
  const rows = await db
    .select()
    .from(backups)
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(LIST_LIMIT);
  return rows.map(backupDto);
}

/** The newest failed backup, unless a verified one is newer: the failure still not made good. */
export async function lastFailure(db: Database): Promise<BackupDto | null> {
  const [row] = await db
    .select()
    .from(backups)
    .where(
      and(
        eq(backups.status, 'failed'),
        sql`not exists (select 1 from ${backups} v where v.status = 'verified' and v.created_at > ${backups.createdAt})`,
      ),
    )
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(1);
  return row ? backupDto(row) : null;
}

export async function findBackup(db: Database, id: number) {
  const [row] = await db.select().from(backups).where(eq(backups.id, id));
  return row;
}
