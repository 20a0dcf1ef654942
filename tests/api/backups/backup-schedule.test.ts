import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSlots, backups } from '../../../src/server/db/schema';
import { damagingOnce, secondServer, untilBackupsSettle } from '../../helpers/backups';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The daily backup (docs/decisions/0051-backup-file.md): two app servers on one database tick at the same instant of the
 * agency's backup hour and one backup results; retention runs only after a verified one.
 */
let ctx: TestContext;
let secondServerOf: Awaited<ReturnType<typeof secondServer>>;
let second: FastifyInstance;
let pruned: TestContext;
const damage = damagingOnce();

beforeAll(async () => {
  ctx = await createTestContext();
  secondServerOf = await secondServer(ctx);
  second = secondServerOf.app;
  pruned = await createTestContext({
    backups: { beforeVerify: damage.beforeVerify },
  });
});
afterAll(async () => {
  await secondServerOf.close();
  await ctx.close();
  await pruned.close();
});

// Santiago is UTC-3 in January: 05:30 UTC is 02:30 of the agency's day, 04:59 is 01:59.
const AT_HOUR = new Date('2031-01-15T05:30:00Z');
const BEFORE_HOUR = new Date('2031-01-15T04:59:00Z');
const SAME_DAY_LATER = new Date('2031-01-16T02:00:00Z'); // 23:00 of the 15th in Santiago

const byNumber = (a: number, b: number) => a - b;
const tick = (app: FastifyInstance, now: Date) => {
  if (!app.tickBackupSchedule) throw new Error('the app has no backup schedule');
  return app.tickBackupSchedule(now);
};
const backupFiles = () =>
  [...readdirSync(ctx.backupDir), ...readdirSync(secondServerOf.dir)].filter((name) =>
    name.startsWith('respaldo-'),
  );

describe('the daily backup across two servers', () => {
  it('makes none before the backup hour', async () => {
    expect(await Promise.all([tick(ctx.app, BEFORE_HOUR), tick(second, BEFORE_HOUR)])).toEqual([
      'before-hour',
      'before-hour',
    ]);
    expect(await ctx.db.select().from(backups)).toEqual([]);
  });

  // A backup written and then verified in a worker thread: a minute or more on a loaded machine.
  it('two servers ticking at the same instant of the hour make exactly one backup', {
    timeout: 120_000,
  }, async () => {
    const outcomes = await Promise.all([tick(ctx.app, AT_HOUR), tick(second, AT_HOUR)]);
    expect(outcomes.sort()).toEqual(['claimed-already', 'started']);
    const { backups: listed } = await untilBackupsSettle(ctx);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'verified' });
    // Made by the schedule, not by a person.
    expect((await ctx.db.select().from(backups))[0]?.createdBy).toBeNull();
    expect(backupFiles()).toEqual([listed[0]?.fileName]);
  });

  it('a later tick the same agency day makes none', async () => {
    expect(await Promise.all([tick(ctx.app, SAME_DAY_LATER), tick(second, SAME_DAY_LATER)])).toEqual([
      'claimed-already',
      'claimed-already',
    ]);
    expect(await ctx.db.select().from(backups)).toHaveLength(1);
    expect(backupFiles()).toHaveLength(1);
  });
});

describe('a day whose backup failed', () => {
  // The day of AT_HOUR's backup is claimed (above); its backup is now taken as failed.
  const failTheDaysBackup = () => ctx.db.update(backups).set({ status: 'failed', error: 'prueba' });
  const hoursAfter = (hours: number) => new Date(AT_HOUR.getTime() + hours * 3_600_000);
  const attempts = async () => (await ctx.db.select().from(backupSlots))[0]?.attempts;

  it('is claimed again an hour later by one server, up to three tries a day', {
    timeout: 120_000,
  }, async () => {
    await failTheDaysBackup();
    // Within the hour: still claimed.
    expect(await Promise.all([tick(ctx.app, hoursAfter(0.9)), tick(second, hoursAfter(0.9))])).toEqual([
      'claimed-already',
      'claimed-already',
    ]);
    expect((await Promise.all([tick(ctx.app, hoursAfter(1)), tick(second, hoursAfter(1))])).sort()).toEqual([
      'claimed-already',
      'started',
    ]);
    expect(await attempts()).toBe(2);
    const retried = await untilBackupsSettle(ctx);
    // The retry verified (retention may already have removed the failed one it replaces).
    expect(retried.backups[0]?.status).toBe('verified');

    // A verified retry is not retried.
    expect(await tick(ctx.app, hoursAfter(3))).toBe('claimed-already');
    await failTheDaysBackup();
    expect(await tick(second, hoursAfter(3))).toBe('started');
    await untilBackupsSettle(ctx);
    expect(await attempts()).toBe(3);
    await failTheDaysBackup();
    // Three tries were made: the next day's backup is the next chance.
    const newest = async () =>
      Math.max(...(await ctx.db.select({ id: backups.id }).from(backups)).map((b) => b.id));
    const before = await newest();
    expect(await tick(ctx.app, hoursAfter(5))).toBe('claimed-already');
    expect(await newest()).toBe(before);
    expect(await attempts()).toBe(3);
  });
});

describe('retention after a backup', () => {
  const old = async (fileName: string, createdAt: string, status: 'verified' | 'failed') => {
    writeFileSync(path.join(pruned.backupDir, fileName), 'antiguo');
    const [row] = await pruned.db
      .insert(backups)
      .values({ fileName, createdAt: new Date(createdAt), status })
      .returning();
    if (!row) throw new Error('no row');
    return row.id;
  };
  const ids = async () =>
    (await pruned.db.select({ id: backups.id }).from(backups)).map((r) => r.id).sort(byNumber);
  // The schedule's backups prune (one made by hand does not): one on each of two agency days.
  const scheduled = async (now: Date) => {
    expect(await tick(pruned.app, now)).toBe('started');
    return Math.max(...(await ids()));
  };

  // Two backups, each verified by a restore, on a machine running other suites: 2 minutes, as above.
  it('deletes nothing after a failed backup, then what the choice says after a verified one', {
    timeout: 120_000,
  }, async () => {
    const settings = await pruned.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: await pruned.auth('admin'),
      payload: { name: 'Agencia', backupKeepDaily: 2, backupKeepWeekly: 0, backupKeepMonthly: 0 },
    });
    expect(settings.json().data).toMatchObject({
      backupKeepDaily: 2,
      backupKeepWeekly: 0,
      backupKeepMonthly: 0,
    });
    const failedOld = await old('respaldo-a.ndjson.gz', '2025-06-09T12:00:00Z', 'failed');
    const oldest = await old('respaldo-b.ndjson.gz', '2025-06-10T12:00:00Z', 'verified');
    const older = await old('respaldo-c.ndjson.gz', '2025-06-11T12:00:00Z', 'verified');

    damage.damageNext();
    const failedNew = await scheduled(AT_HOUR);
    const afterFailure = await untilBackupsSettle(pruned);
    expect(afterFailure.backups.find((b) => b.id === failedNew)?.status).toBe('failed');
    expect(await ids()).toEqual([failedOld, oldest, older, failedNew].sort(byNumber));
    for (const name of ['respaldo-a.ndjson.gz', 'respaldo-b.ndjson.gz', 'respaldo-c.ndjson.gz'])
      expect(existsSync(path.join(pruned.backupDir, name))).toBe(true);

    const verifiedNew = await scheduled(new Date('2031-01-17T05:30:00Z'));
    await untilBackupsSettle(pruned);
    // Retention follows the verification in the background: wait for its deletions, then check them all.
    const started = Date.now();
    while ((await ids()).includes(oldest) && Date.now() - started < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Two agency days kept: today's new backup and 2025-06-11's; the older failures go with 06-10.
    expect(await ids()).toEqual([older, verifiedNew].sort(byNumber));
    expect(existsSync(path.join(pruned.backupDir, 'respaldo-a.ndjson.gz'))).toBe(false);
    expect(existsSync(path.join(pruned.backupDir, 'respaldo-b.ndjson.gz'))).toBe(false);
    expect(existsSync(path.join(pruned.backupDir, 'respaldo-c.ndjson.gz'))).toBe(true);
  });
});
