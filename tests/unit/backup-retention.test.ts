// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backupsToDelete, type RetainedBackup } from '../../src/server/modules/backups/retention';

const UTC = 'UTC';
let nextId = 1;
const backup = (iso: string, status: RetainedBackup['status'] = 'verified'): RetainedBackup => ({
  id: nextId++,
  createdAt: new Date(iso),
  status,
});
const ids = (rows: RetainedBackup[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const chosen = (
  rows: RetainedBackup[],
  keep: { daily: number; weekly: number; monthly: number },
  zone = UTC,
) => backupsToDelete(rows, keep, zone).sort((a, b) => a - b);

describe('backup retention choice', () => {
  it('keeps the newest backup of each of the newest daily days and deletes the rest', () => {
    const older = backup('2026-11-20T02:00:00Z');
    const sameDayEarlier = backup('2026-11-22T01:00:00Z');
    const kept = [backup('2026-11-21T02:00:00Z'), backup('2026-11-22T02:00:00Z')];
    expect(chosen([older, sameDayEarlier, ...kept], { daily: 2, weekly: 0, monthly: 0 })).toEqual(
      ids([older, sameDayEarlier]),
    );
  });

  it('keeps the newest of each of the last ISO weeks and months beyond the daily ones', () => {
    // Mondays start ISO weeks: 2026-11-16 and 2026-11-23 are Mondays.
    const lastOfWeek47 = backup('2026-11-22T02:00:00Z'); // Sunday of week 47
    const earlierWeek47 = backup('2026-11-17T02:00:00Z');
    const week46 = backup('2026-11-15T02:00:00Z');
    const october = backup('2026-10-31T02:00:00Z');
    const septemberEarly = backup('2026-09-01T02:00:00Z');
    const september = backup('2026-09-30T02:00:00Z');
    const today = backup('2026-11-24T02:00:00Z');
    const rows = [lastOfWeek47, earlierWeek47, week46, october, septemberEarly, september, today];
    // 1 daily (today), 2 weeks (48: today, 47: its Sunday), 3 months (nov: today, oct, sep: the 30th).
    expect(chosen(rows, { daily: 1, weekly: 2, monthly: 3 })).toEqual(
      ids([earlierWeek47, week46, septemberEarly]),
    );
  });

  it('places backups on the agency day, not the UTC day', () => {
    // 01:00 UTC on the 25th is still the 24th in Santiago (UTC-3): both are the 24th's, the later kept.
    const evening = backup('2026-11-24T23:00:00Z');
    const lateNight = backup('2026-11-25T01:00:00Z');
    expect(chosen([evening, lateNight], { daily: 2, weekly: 0, monthly: 0 }, 'America/Santiago')).toEqual(
      ids([evening]),
    );
    expect(chosen([evening, lateNight], { daily: 2, weekly: 0, monthly: 0 })).toEqual([]);
  });

  it('deletes failed backups older than the newest verified, keeps a newer failure and running ones', () => {
    const oldFailure = backup('2026-11-20T02:00:00Z', 'failed');
    const verified = backup('2026-11-21T02:00:00Z');
    const newFailure = backup('2026-11-22T02:00:00Z', 'failed');
    const running = backup('2026-11-19T02:00:00Z', 'running');
    expect(chosen([oldFailure, verified, newFailure, running], { daily: 7, weekly: 4, monthly: 12 })).toEqual(
      ids([oldFailure]),
    );
  });

  it('deletes nothing while no backup is verified', () => {
    const rows = [backup('2026-11-20T02:00:00Z', 'failed'), backup('2026-11-21T02:00:00Z', 'failed')];
    expect(chosen(rows, { daily: 1, weekly: 0, monthly: 0 })).toEqual([]);
  });
});
