import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

export const BACKUP_STATUSES = ['running', 'verified', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * Each backup the app made ("Respaldos", docs/product.md#backups): its file in BACKUP_DIR, and whether
 * restoring it into a scratch database gave back every row. The table is in the backups too, so a restored
 * database keeps the rows of the backups made before it (their files may be gone; the download then says so).
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    /** The name inside BACKUP_DIR, never a path: the folder is the server's setting, not the row's. */
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
    bytes: bigint('bytes', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    /** The manifest's row count per table. */
    rowCounts: jsonb('row_counts').$type<Record<string, number>>(),
    status: text('status').$type<BackupStatus>().notNull().default('running'),
    /** Why it failed, in Spanish, as the person who made it reads it. */
    error: text('error'),
    finishedAt: instant('finished_at'),
    /** Null for the automatic ones (the daily schedule, before a migration). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The server making a backup renews this while it works (database time, so servers' clocks do not
     * matter); a running row whose heartbeat stopped belongs to a server that died.
     */
    heartbeatAt: instant('heartbeat_at').notNull().defaultNow(),
  },
  (t) => [
    check('backups_status_check', sql`${t.status} in ('running', 'verified', 'failed')`),
    index('backups_created_at_idx').on(t.createdAt),
    // One backup at a time across every app server on this database: a second running row is refused.
    uniqueIndex('backups_one_running_idx').on(t.status).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * One row per agency day whose scheduled backup a server claimed: the primary key makes the claim
 * atomic, so of several app servers ticking at the same minute only one makes the day's backup.
 */
export const backupSlots = pgTable('backup_slots', {
  agencyDay: date('agency_day', { mode: 'string' }).primaryKey(),
  claimedAt: instant('claimed_at').notNull().defaultNow(),
  /** The backup the claim started: when it failed, the slot may be claimed again later the same day. */
  backupId: integer('backup_id').references(() => backups.id, { onDelete: 'set null' }),
  /** Claims of this day so far, the first included: retries stop at a limit. */
  attempts: integer('attempts').notNull().default(1),
});
