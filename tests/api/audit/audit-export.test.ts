import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema';
import { EXPORT_BATCH_SIZE } from '../../../src/server/lib/export';
import { record } from '../../../src/server/modules/audit/record';
import { readCsv, readXlsx } from '../../helpers/exports';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The audit export reads the trail in keyset batches (lib/export): with more entries than one batch,
 * every entry must come out exactly once and newest first, with and without a filter.
 */
let ctx: TestContext;
let admin: Record<string, string>;
const FAILED = EXPORT_BATCH_SIZE + 30;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  // Through the writer, so the chain stays whole; a sign-out every tenth entry so the filtered
  // export skips rows inside its batches.
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < FAILED; i++) {
      const actor = { userId: null, username: null, ip: '10.1.1.1' };
      const changes = [{ field: 'email', from: null, to: `lote${i}@agencia.cl` }];
      await record(tx, actor, { action: 'login_failed', entity: 'session', entityId: null, changes });
      if (i % 10 === 0) await record(tx, actor, { action: 'logout', entity: 'session', entityId: null });
    }
  });
}, 120_000);
afterAll(() => ctx.close());

const download = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/audit/export?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('audit export across batches', () => {
  it('every entry once, newest first, in CSV and .xlsx', async () => {
    const ids = (await ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id))).map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
    const csv = readCsv(await download('format=csv'));
    expect(csv.rows.map((r) => Number(r[0]))).toEqual(ids);
    const xlsx = await readXlsx(await download('format=xlsx'));
    expect(xlsx.rows.map((r) => r[0])).toEqual(ids);
  });

  it('a filtered export: only the matching entries, each once, newest first', async () => {
    const ids = (
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'login_failed'))
        .orderBy(desc(auditLog.id))
    ).map((r) => r.id);
    expect(ids.length).toBe(FAILED);
    const csv = readCsv(await download('format=csv&action=login_failed'));
    expect(csv.rows.map((r) => Number(r[0]))).toEqual(ids);
  });
});
