import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { verifyBackupFile } from '../../../src/server/modules/backups';
import {
  damagingOnce,
  listBackupsAs,
  settledBackup,
  TEST_SECRET_KEY,
  testKeys,
  untilBackupsSettle,
} from '../../helpers/backups';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Respaldos from the app (docs/product.md#backups-api): POST starts one and answers at once; it is written, restored
 * into a scratch database and listed as verified with its counts; its file downloads byte for byte.
 */
let ctx: TestContext;
let damaged: TestContext;
const damage = damagingOnce();
beforeAll(async () => {
  // The key its backups are signed with, to read the downloaded copy here.
  ctx = await createTestContext({ secretKey: TEST_SECRET_KEY });
  // Its next file is damaged between writing and verifying (the settings' seam), so verification fails.
  damaged = await createTestContext({
    backups: { beforeVerify: damage.beforeVerify },
  });
});
afterAll(async () => {
  await ctx.close();
  await damaged.close();
});

const post = async (c: TestContext, who: 'admin' | 'sales' | 'finance' = 'admin') =>
  c.app.inject({ method: 'POST', url: '/api/backups', headers: await c.auth(who) });

describe('backups from the app', { timeout: 90_000 }, () => {
  it('starts with 202 and running, is verified with its counts, and downloads the same bytes', async () => {
    const started = await post(ctx);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ message: 'Respaldo iniciado', backup: { status: 'running' } });
    const { id, fileName } = started.json().backup;

    const { backups, lastFailure } = await untilBackupsSettle(ctx);
    const listed = backups.find((b) => b.id === id);
    expect(listed).toMatchObject({ id, fileName, status: 'verified' });
    expect(listed?.error).toBeUndefined();
    expect(listed?.bytes).toBeGreaterThan(0);
    // The three users of the test context, and the backup's own row while it was running.
    expect(listed?.rowCounts).toMatchObject({ users: 3, backups: 1 });
    expect(lastFailure).toBeUndefined();

    const file = path.join(ctx.backupDir, fileName);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/backups/${id}/download`,
      headers: await ctx.auth('admin'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(download.rawPayload.equals(readFileSync(file))).toBe(true);
    expect(download.rawPayload.length).toBe(listed?.bytes);
    const copy = path.join(ctx.backupDir, 'descargado.ndjson.gz');
    writeFileSync(copy, download.rawPayload);
    expect((await verifyBackupFile(copy, testKeys)).rowCounts).toEqual(listed?.rowCounts);
  });

  it('verifies in a scratch folder that is gone afterwards, and clears what stopped backups left', async () => {
    const left = path.join(ctx.backupDir, '.verificacion-abandonada');
    mkdirSync(path.join(left, 'base'), { recursive: true });
    // A file a killed backup was writing a day ago goes; one written a minute ago may be in progress.
    const stale = path.join(ctx.backupDir, '.respaldo-viejo.ndjson.gz.0a1b2c3d.partial');
    const recent = path.join(ctx.backupDir, '.respaldo-reciente.ndjson.gz.0a1b2c3d.partial');
    writeFileSync(stale, 'cortado');
    writeFileSync(recent, 'escribiéndose');
    const dayAgo = new Date(Date.now() - 24 * 3_600_000);
    utimesSync(stale, dayAgo, dayAgo);
    expect((await settledBackup(ctx)).status).toBe('verified');
    const hidden = readdirSync(ctx.backupDir).filter((name) => name.startsWith('.'));
    expect(hidden).toEqual([path.basename(recent)]);
    rmSync(recent);
  });

  it('lists newest first', async () => {
    const first = await settledBackup(ctx);
    const second = await settledBackup(ctx);
    const ids = (await listBackupsAs(ctx)).backups.map((b) => b.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('refuses a second backup while one runs (409), and starts again once it ended', async () => {
    const first = await post(ctx);
    const second = await post(ctx);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Ya hay un respaldo en curso');
    await untilBackupsSettle(ctx);
    expect((await post(ctx)).statusCode).toBe(202);
    await untilBackupsSettle(ctx);
  });

  it('marks a backup whose file does not verify as failed, with the reason, and shows it as the last failure', async () => {
    damage.damageNext();
    const failed = await settledBackup(damaged);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/dañado|falló/);
    expect(failed.finishedAt).toBeDefined();
    expect((await listBackupsAs(damaged)).lastFailure).toMatchObject({ id: failed.id, error: failed.error });
  });

  it('a verified backup newer than the failure clears the last failure', async () => {
    expect((await listBackupsAs(damaged)).lastFailure).toBeDefined();
    expect((await settledBackup(damaged)).status).toBe('verified');
    const { backups, lastFailure } = await listBackupsAs(damaged);
    expect(lastFailure).toBeUndefined();
    expect(backups.map((b) => b.status)).toEqual(['verified', 'failed']);
  });

  it('is 404 for an unknown backup and for one whose file is gone', async () => {
    const headers = await ctx.auth('admin');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/backups/999999/download', headers });
    expect(unknown.statusCode).toBe(404);
    const gone = await settledBackup(ctx);
    rmSync(path.join(ctx.backupDir, gone.fileName));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/backups/${gone.id}/download`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/ya no está/);
  });

  it('answers 503 on a server without a backup folder', async () => {
    const app = await buildApp({ database: ctx.database, demo: false, replyChecks: 'check' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/backups', headers: await ctx.auth('admin') });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Respaldos no configurados');
    } finally {
      await app.close();
    }
  });

  it('is for admins only', async () => {
    for (const who of ['sales', 'finance'] as const) {
      expect((await post(ctx, who)).statusCode).toBe(403);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/backups', headers: await ctx.auth(who) });
      expect(list.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backups' })).statusCode).toBe(401);
  });
});
