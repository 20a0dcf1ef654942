import { eq } from 'drizzle-orm';
import { agencyHour, agencyToday } from '../../../domain/agency-day';
import type { Database } from '../../db/client';
import { backupSlots } from '../../db/schema';
import { getCompanySettings } from '../company';

/** The part of `backupService` the schedule uses (its own type: the timer's unit test stays off Node streams). */
interface BackupStarter {
  start(createdBy: null, prune: boolean): Promise<unknown>;
}

/** What one tick did: too early in the agency's day, the day's backup already claimed, or started. */
export type TickOutcome = 'before-hour' | 'claimed-already' | 'started';

/**
 * One look at the clock: from the agency's backup hour on, the first tick of the agency's day claims
 * that day's slot and starts its backup. The claim is one insert on the slot's primary key, so of
 * several app servers ticking at the same minute exactly one gets the row back and makes the backup.
 */
export async function tickBackupSchedule(
  db: Database,
  backups: BackupStarter,
  now: Date,
): Promise<TickOutcome> {
  const company = await getCompanySettings(db);
  if (agencyHour(company.timeZone, now) < company.backupHour) return 'before-hour';
  const agencyDay = agencyToday(company.timeZone, now);
  const claimed = await db
    .insert(backupSlots)
    .values({ agencyDay })
    .onConflictDoNothing()
    .returning({ agencyDay: backupSlots.agencyDay });
  if (claimed.length === 0) return 'claimed-already';
  try {
    await backups.start(null, true);
  } catch (error) {
    // Not started (one by hand is running here, or the database failed): the next tick tries again.
    await db.delete(backupSlots).where(eq(backupSlots.agencyDay, agencyDay));
    throw error;
  }
  return 'started';
}

/** The backup's minute timer: the shared one (src/server/lib/minute-timer.ts). */
export { startMinuteTimer as startBackupSchedule } from '../../lib/minute-timer';
