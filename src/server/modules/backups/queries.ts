import { and, desc, eq, sql } from 'drizzle-orm';
import type { BackupDto } from '../../../domain/backups';
import type { Database } from '../../db/client';
import { backups } from '../../db/schema';
import { pgErrorCode } from '../../lib/http-errors';

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

/**
 * How long a running backup's heartbeat may be silent before its server counts as gone. The server
 * renews it every HEARTBEAT_MS; a long pause (a busy PGlite, a slow disk) stays well inside.
 */
export const BACKUP_LEASE_SECONDS = 120;
export const HEARTBEAT_MS = 20_000;

/**
 * Records a backup as running: the partial unique index on running rows refuses a second one, from
 * this server or another on the same database, and the caller answers 409. Null when one is running.
 */
export async function insertRunning(db: Database, fileName: string, createdBy: number | null) {
  try {
    const [row] = await db.insert(backups).values({ fileName, createdBy }).returning();
    if (!row) throw new Error('backups insert returned no row');
    return row;
  } catch (error) {
    if (pgErrorCode(error) === '23505') return null;
    throw error;
  }
}

export async function renewHeartbeat(db: Database, id: number) {
  await db
    .update(backups)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(backups.id, id), eq(backups.status, 'running')));
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
 * Running rows whose server stopped or crashed become failed. `everyRunning` when no other server can
 * be at work (PGlite: one process owns the data folder), so a restart clears its own row at once;
 * otherwise only rows whose heartbeat is older than the lease, since another server may be writing one.
 */
export async function failInterrupted(db: Database, everyRunning = false) {
  await db
    .update(backups)
    .set({
      status: 'failed',
      error: 'El servidor se detuvo mientras se hacía el respaldo',
      finishedAt: new Date(),
    })
    .where(
      and(
        eq(backups.status, 'running'),
        everyRunning
          ? undefined
          : sql`${backups.heartbeatAt} < now() - make_interval(secs => ${BACKUP_LEASE_SECONDS})`,
      ),
    );
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
