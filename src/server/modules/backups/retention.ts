import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import type { Database } from '../../db/client';
import { backups } from '../../db/schema';

/** What retention needs of a backup row. */
export interface RetainedBackup {
  id: number;
  createdAt: Date;
  status: 'running' | 'verified' | 'failed';
}

export interface KeepCounts {
  daily: number;
  weekly: number;
  monthly: number;
}

/** The ISO week (Monday first) of a yyyy-mm-dd day, as "2026-W48": the year is the week's Thursday's. */
function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const year = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Keeps the newest backup of each of the newest `count` periods (days, weeks or months) that have one. */
function newestPerPeriod(newestFirst: { id: number; period: string }[], count: number, kept: Set<number>) {
  const periods = new Set<string>();
  for (const { id, period } of newestFirst) {
    if (periods.has(period)) continue;
    if (periods.size >= count) return;
    periods.add(period);
    kept.add(id);
  }
}

/**
 * The ids retention deletes (docs/decisions/0051-backup-file.md): of the verified backups it keeps the newest of each of the
 * newest `daily` agency days, `weekly` ISO weeks and `monthly` months; the other verified ones go, and
 * so do failed ones older than the newest verified (a newer good backup replaced them). A failure
 * newer than every verified backup stays, shown on the dashboard, and running ones are never touched.
 */
export function backupsToDelete(rows: RetainedBackup[], keep: KeepCounts, timeZone: string): number[] {
  const verified = rows
    .filter((row) => row.status === 'verified')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((row) => ({ id: row.id, createdAt: row.createdAt, day: agencyToday(timeZone, row.createdAt) }));
  const newest = verified[0];
  if (!newest) return [];
  const kept = new Set<number>();
  newestPerPeriod(
    verified.map((b) => ({ id: b.id, period: b.day })),
    keep.daily,
    kept,
  );
  newestPerPeriod(
    verified.map((b) => ({ id: b.id, period: isoWeek(b.day) })),
    keep.weekly,
    kept,
  );
  newestPerPeriod(
    verified.map((b) => ({ id: b.id, period: b.day.slice(0, 7) })),
    keep.monthly,
    kept,
  );
  const oldVerified = verified.filter((b) => !kept.has(b.id)).map((b) => b.id);
  const oldFailed = rows
    .filter((row) => row.status === 'failed' && row.createdAt < newest.createdAt)
    .map((row) => row.id);
  return [...oldVerified, ...oldFailed];
}

/** Deletes what `backupsToDelete` chose: each file first (a row without its file says so on download). */
export async function applyRetention(db: Database, dir: string, keep: KeepCounts, timeZone: string) {
  const rows = await db
    .select({
      id: backups.id,
      fileName: backups.fileName,
      createdAt: backups.createdAt,
      status: backups.status,
    })
    .from(backups);
  const doomed = new Set(backupsToDelete(rows, keep, timeZone));
  if (doomed.size === 0) return;
  for (const row of rows.filter((r) => doomed.has(r.id)))
    await rm(path.join(dir, row.fileName), { force: true });
  await db.delete(backups).where(inArray(backups.id, [...doomed]));
}
