import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups } from '../../../src/server/db/schema';
import { secondServer, untilBackupsSettle } from '../../helpers/backups';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Several app servers on one database (docs/product.md#backups): one backup at a time among all of them, and a
 * running backup is taken for dead only when its server stopped renewing its heartbeat.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<typeof secondServer>>;
beforeAll(async () => {
  ctx = await createTestContext({ backups: { heartbeatMs: 50, beforeVerify: pause(400) } });
  other = await secondServer(ctx);
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

function pause(ms: number) {
  return () => new Promise<void>((resolve) => setTimeout(resolve, ms));
}
const post = async (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/backups', headers: await ctx.auth('admin') });

/** A backup another server is making right now, as its row shows it: running, heartbeat `age` old. */
async function runningElsewhere(age: string) {
  const [row] = await ctx.db
    .insert(backups)
    .values({ fileName: 'respaldo-otro-servidor.ndjson.gz', heartbeatAt: sql`now() - ${age}::interval` })
    .returning();
  if (!row) throw new Error('no row');
  return row.id;
}
const statusOf = async (id: number) => (await ctx.db.select().from(backups).where(eq(backups.id, id)))[0];

describe('one backup at a time across servers', { timeout: 90_000 }, () => {
  it('two servers asked at the same instant start one backup; the other answers 409', async () => {
    const answers = await Promise.all([post(ctx.app), post(other.app)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('Ya hay un respaldo en curso');
    const { backups: listed } = await untilBackupsSettle(ctx);
    expect(listed.map((b) => b.status)).toEqual(['verified']);
  });

  it('renews the heartbeat of a backup while it is being made', async () => {
    const started = await post(ctx.app);
    expect(started.statusCode).toBe(202);
    const { id } = started.json().backup;
    const first = (await statusOf(id))?.heartbeatAt.getTime() ?? 0;
    await pause(300)();
    const row = await statusOf(id);
    expect(row?.status).toBe('running');
    expect(row?.heartbeatAt.getTime()).toBeGreaterThan(first);
    await untilBackupsSettle(ctx);
  });

  it("refuses while another server's backup is alive, and takes over once its heartbeat stopped", async () => {
    const alive = await runningElsewhere('5 seconds');
    const refused = await post(other.app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ya hay un respaldo en curso');
    expect((await statusOf(alive))?.status).toBe('running');

    await ctx.db
      .update(backups)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(eq(backups.id, alive));
    const started = await post(other.app);
    expect(started.statusCode).toBe(202);
    expect(await statusOf(alive)).toMatchObject({
      status: 'failed',
      error: 'El servidor se detuvo mientras se hacía el respaldo',
    });
    await untilBackupsSettle(ctx);
  });

  it("a server starting leaves another server's live backup alone (PostgreSQL) or clears its own (PGlite)", async () => {
    const alive = await runningElsewhere('5 seconds');
    const restarted = await secondServer(ctx);
    try {
      // On PGlite one process owns the data folder, so a running row can only be a previous run's.
      expect((await statusOf(alive))?.status).toBe(ctx.database.kind === 'pglite' ? 'failed' : 'running');
    } finally {
      await restarted.close();
      await ctx.db.update(backups).set({ status: 'failed' }).where(eq(backups.id, alive));
    }
  });
});
