import type { Readiness } from '../../../domain/health';
import type { Database } from '../../db/client';
import { type MigrationStatus, migrationStatus } from '../../db/migrations';

/** When the last backup was written, or null before the first; undefined until backups exist. */
export type LastBackupAt = () => Promise<Date | null>;

const HOUR_MS = 3_600_000;

/** The hours since `at`, to one decimal: enough for an alert on a daily backup. */
export const ageInHours = (at: Date, now = Date.now()) =>
  Math.round((now - at.getTime()) / (HOUR_MS / 10)) / 10;

function migrationsState(status: MigrationStatus): Readiness['migrations'] {
  if (status.unknown.length > 0) return 'newer';
  return status.pending.length > 0 ? 'pending' : 'current';
}

/**
 * Whether this instance can serve: its database answers and has exactly the code's migrations. The
 * last backup's age is reported, not judged: an old backup is an alert, not a reason to stop traffic.
 */
export async function readiness(db: Database, lastBackupAt: LastBackupAt | undefined): Promise<Readiness> {
  const backupAt = (await lastBackupAt?.()) ?? null;
  const backup = {
    lastBackupAt: backupAt?.toISOString() ?? null,
    lastBackupAgeHours: backupAt && ageInHours(backupAt),
  };
  const status = await migrationStatus(db).catch(() => undefined);
  if (!status) return { status: 'not-ready', database: 'unreachable', migrations: 'unknown', ...backup };
  const migrations = migrationsState(status);
  if (migrations !== 'current') return { status: 'not-ready', database: 'ok', migrations, ...backup };
  return { status: 'ready', database: 'ok', migrations, ...backup };
}
