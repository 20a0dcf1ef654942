import { eq, sql } from 'drizzle-orm';
import { agencyHour, agencyToday } from '../../../domain/agency-day';
import type { Database } from '../../db/client';
import { backups as backupRows, backupSlots } from '../../db/schema';
import { getCompanySettings } from '../company';

/** The part of `backupService` the schedule uses (its own type: the timer's unit test stays off Node streams). */
interface BackupStarter {
  start(createdBy: null, prune: boolean): Promise<{ id: number }>;
}

/** A day whose backup failed is claimed again after this long, up to MAX_ATTEMPTS claims in all. */
const RETRY_AFTER_MINUTES = 60;
const MAX_ATTEMPTS = 3;
/** A claim made at or before this instant may be retried at `now`. */
const retryFrom = (now: Date) => new Date(now.getTime() - RETRY_AFTER_MINUTES * 60_000);

/** What one tick did: too early in the agency's day, the day's backup already claimed, or started. */
export type TickOutcome = 'before-hour' | 'claimed-already' | 'started';

/**
 * One look at the clock: from the agency's backup hour on, the first tick of the agency's day claims
 * that day's slot and starts its backup. The claim is one insert on the slot's primary key, so of
 * several app servers ticking at the same minute exactly one gets the row back and makes the backup.
 * When that backup failed, the same statement claims the day again an hour later (the conflict's
 * update runs under the row's lock, so again only one server wins), up to three tries a day.
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
    .values({ agencyDay, claimedAt: now })
    .onConflictDoUpdate({
      target: backupSlots.agencyDay,
      set: { claimedAt: now, attempts: sql`${backupSlots.attempts} + 1` },
      setWhere: sql`${backupSlots.attempts} < ${MAX_ATTEMPTS}
        and ${backupSlots.claimedAt} <= ${retryFrom(now)}
        and exists (select 1 from ${backupRows} where ${backupRows.id} = ${backupSlots.backupId} and ${backupRows.status} = 'failed')`,
    })
    .returning({ attempts: backupSlots.attempts });
  const [claim] = claimed;
  if (!claim) return 'claimed-already';
  let backup: { id: number };
  try {
    backup = await backups.start(null, true);
  } catch (error) {
    // Not started (one is running, or the database failed): the claim is undone, the next tick tries
    // again; a retry's slot keeps pointing at the failed backup, which is what lets it be claimed.
    const slot = eq(backupSlots.agencyDay, agencyDay);
    if (claim.attempts === 1) await db.delete(backupSlots).where(slot);
    else
      await db
        .update(backupSlots)
        .set({
          attempts: claim.attempts - 1,
          claimedAt: retryFrom(now),
        })
        .where(slot);
    throw error;
  }
  await db.update(backupSlots).set({ backupId: backup.id }).where(eq(backupSlots.agencyDay, agencyDay));
  return 'started';
}

/** The backup's minute timer: the shared one (src/server/lib/minute-timer.ts). */
export { startMinuteTimer as startBackupSchedule } from '../../lib/minute-timer';
