import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

let seq = 0;
const newClient = () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: `Cliente cadena ${++seq}` },
  });
const rowsOf = async (table: typeof auditLog | typeof clients) =>
  (await ctx.db.select({ n: count() }).from(table))[0]?.n;
const verify = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/audit/verify', headers: admin })).json();
const refusal = (statement: ReturnType<typeof sql>) =>
  ctx.db.execute(statement).then(
    () => 'accepted',
    // Drizzle wraps the database's error; the database's own message is the cause's.
    (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
  );

/** Makes every transaction that touched `table` fail at its very end (a deferred constraint trigger). */
async function failAtCommit(table: 'audit_log' | 'clients') {
  await ctx.db.execute(
    sql.raw(`
    create or replace function fail_at_commit() returns trigger language plpgsql as $$
    begin raise exception 'fallo al confirmar'; end; $$`),
  );
  await ctx.db.execute(
    sql.raw(`create constraint trigger fail_at_commit after insert on ${table}
    deferrable initially deferred for each row execute function fail_at_commit()`),
  );
  return () => ctx.db.execute(sql.raw(`drop trigger fail_at_commit on ${table}`));
}

describe('the entry and its change commit together', () => {
  it.each(['audit_log', 'clients'] as const)(
    'a transaction failing at commit on %s leaves neither the change nor the entry',
    async (table) => {
      const [entriesBefore, clientsBefore] = [await rowsOf(auditLog), await rowsOf(clients)];
      const restore = await failAtCommit(table);
      try {
        const res = await newClient();
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await restore();
      }
      expect(await rowsOf(auditLog)).toBe(entriesBefore);
      expect(await rowsOf(clients)).toBe(clientsBefore);
      expect((await newClient()).statusCode).toBe(201);
      expect(await rowsOf(auditLog)).toBe((entriesBefore ?? 0) + 1);
    },
  );
});

describe('append-only and tamper-evident', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    await newClient();
    expect(await refusal(sql`update audit_log set action = 'delete'`)).toMatch(/solo anexado/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/solo anexado/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/solo anexado/);
    expect(await verify()).toEqual({ ok: true, checked: await rowsOf(auditLog) });
  });

  it('concurrent writers still form one chain', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => newClient()));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await verify()).toEqual({ ok: true, checked: await rowsOf(auditLog) });
  });

  it('verify names the first entry edited or removed behind the application', async () => {
    for (let n = 0; n < 3; n++) await newClient();
    const ids = (await ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).map(
      (r) => r.id,
    );
    const target = ids[ids.length - 2] as number;
    // As the database's superuser could: switch the guard off, rewrite history, switch it back on.
    await ctx.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await ctx.db.execute(sql`update audit_log set username = 'otra persona' where id = ${target}`);
    await ctx.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect(await verify()).toEqual({ ok: false, checked: ids.indexOf(target), firstBrokenId: target });

    await ctx.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await ctx.db.execute(sql`delete from audit_log where id >= ${target} and id < ${ids.at(-1) as number}`);
    await ctx.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect((await verify()).firstBrokenId).toBe(ids.at(-1));
  });

  it('the retention job removes old entries; what remains still verifies from its oldest entry', async () => {
    // The previous test broke the chain near its end; purge all but entries written from now on.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cutoff = new Date();
    await newClient();
    await newClient();
    await ctx.db.execute(sql`select audit_log_purge(${cutoff.toISOString()}::timestamptz)`);
    expect(await rowsOf(auditLog)).toBe(2);
    expect(await verify()).toEqual({ ok: true, checked: 2 });
    expect(await refusal(sql`delete from audit_log`)).toMatch(/solo anexado/);
  });
});
