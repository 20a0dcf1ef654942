import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups } from '../../../src/server/db/schema';
import { untilBackupsSettle } from '../../helpers/backups';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * On PostgreSQL a backup is written by the backups' thread from a connection of its own (decision
 * 0075): the dump's rows, 2,000 at a time, are read, joined, hashed and handed to gzip there, and the
 * server's thread stays free for requests. PGlite's database lives on the server's thread, so there
 * the writing stays, and this file runs against PostgreSQL only (vitest.config.ts).
 */
let ctx: TestContext;
/** When the file was written: the seam before verifying, where this test stops the backup. */
let written: ReturnType<typeof performance.eventLoopUtilization> | undefined;
const NOT_VERIFIED = 'esta prueba mide solo la escritura';
beforeAll(async () => {
  ctx = await createTestContext({
    backups: {
      beforeVerify: async () => {
        written = performance.eventLoopUtilization();
        throw new Error(NOT_VERIFIED);
      },
    },
  });
  if (ctx.database.kind !== 'postgres') throw new Error('this file is for the api-postgres project');
  // Enough rows that the dump takes many fetches of 2,000, each parsed and joined by whoever writes.
  await ctx.db.execute(
    sql`insert into clients (name, client_id, email, address)
        select 'Cliente ' || g || ' González Pérez', (10000000 + g)::text || '-5', 'cliente' || g || '@correo.cl',
               'Avenida Providencia ' || g || ', Santiago, Región Metropolitana de Santiago, Chile'
        from generate_series(1, 60000) g`,
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('the server while a backup is written on PostgreSQL', { timeout: 120_000 }, () => {
  it('keeps its thread mostly idle and answers /api/health promptly throughout', async () => {
    await untilBackupsSettle(ctx);
    const before = performance.eventLoopUtilization();
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/backups',
      headers: await ctx.auth('admin'),
    });
    expect(started.statusCode).toBe(202);
    const times: number[] = [];
    while (!written) {
      const sent = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      times.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { utilization } = performance.eventLoopUtilization(written, before);
    await untilBackupsSettle(ctx);
    const [row] = await ctx.db.select().from(backups).where(eq(backups.id, started.json().backup.id));
    // Written in full (its size and hash recorded), then stopped by this test before verifying.
    expect(row?.bytes).toBeGreaterThan(500_000);
    expect(row?.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.error).toContain(NOT_VERIFIED);
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(500);
    // Written on this thread it was busy 88 % of the time; in the thread 0.3, nearly all of it the pings.
    expect(utilization).toBeLessThan(0.5);
  });
});
