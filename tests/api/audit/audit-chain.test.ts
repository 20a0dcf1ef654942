import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../../src/server/db/schema';
import { createTestContext, type TestContext } from '../../helpers/test-app';

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

/**
 * As the database's superuser could: with the trail's own triggers off (the append-only guard and the
 * head's upkeep), change rows behind the application's back.
 */
async function behindTheApp(statement: ReturnType<typeof sql>) {
  await ctx.db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await ctx.db.execute(statement);
  } finally {
    await ctx.db.execute(sql`alter table audit_log enable trigger user`);
  }
}
const entryRows = () => ctx.db.select().from(auditLog).orderBy(auditLog.id);
/** Puts a removed row back as it was, behind the application, so the next test starts from a whole chain. */
const restore = (row: typeof auditLog.$inferSelect) =>
  behindTheApp(sql`insert into audit_log ${sql.raw(
    '(id, at, user_id, username, ip, action, entity, entity_id, changes, prev_hash, hash)',
  )} values (${row.id}, ${row.at.toISOString()}::timestamptz, ${row.userId}, ${row.username}, ${row.ip},
  ${row.action}, ${row.entity}, ${row.entityId}, ${JSON.stringify(row.changes)}::jsonb, ${row.prevHash}, ${row.hash})`);

describe('both ends of the chain are kept in audit_head', () => {
  it('removing the newest entry is reported: the trail ends before the head', async () => {
    for (let n = 0; n < 3; n++) await newClient();
    const rows = await entryRows();
    const newest = rows.at(-1) as (typeof rows)[number];
    await behindTheApp(sql`delete from audit_log where id = ${newest.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      checked: rows.length - 1,
      problem: 'missingNewest',
      expectedLastId: newest.id,
      message: `Faltan las entradas más recientes: la última registrada es la ${newest.id}`,
    });
    await restore(newest);
    expect(await verify()).toEqual({ ok: true, checked: rows.length });
  });

  it('an entry written after the newest was removed links to the removed one, so the gap shows', async () => {
    for (let n = 0; n < 2; n++) await newClient();
    const rows = await entryRows();
    const newest = rows.at(-1) as (typeof rows)[number];
    await behindTheApp(sql`delete from audit_log where id = ${newest.id}`);
    expect((await newClient()).statusCode).toBe(201);
    const [written] = (await entryRows()).slice(-1);
    expect(written?.prevHash).toBe(newest.hash);
    expect(await verify()).toMatchObject({ ok: false, problem: 'altered', firstBrokenId: written?.id });
    await restore(newest);
    expect(await verify()).toEqual({ ok: true, checked: rows.length + 1 });
  });

  it('removing the oldest entry without a purge is reported', async () => {
    for (let n = 0; n < 2; n++) await newClient();
    const rows = await entryRows();
    const [oldest, second] = rows as [(typeof rows)[number], (typeof rows)[number]];
    await behindTheApp(sql`delete from audit_log where id = ${oldest.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      checked: 0,
      problem: 'missingOldest',
      firstBrokenId: second.id,
    });
    await restore(oldest);
    expect(await verify()).toEqual({ ok: true, checked: rows.length });
  });

  it('the hash covers the recorded changes: editing only a change is reported', async () => {
    await newClient();
    const rows = await entryRows();
    const target = rows.at(-1) as (typeof rows)[number];
    expect(target.changes).toContainEqual({ field: 'name', from: null, to: `Cliente cadena ${seq}` });
    const forged = target.changes.map((c) => (c.field === 'name' ? { ...c, to: 'Otro nombre' } : c));
    await behindTheApp(
      sql`update audit_log set changes = ${JSON.stringify(forged)}::jsonb where id = ${target.id}`,
    );
    expect(await verify()).toMatchObject({ ok: false, problem: 'altered', firstBrokenId: target.id });
    await behindTheApp(
      sql`update audit_log set changes = ${JSON.stringify(target.changes)}::jsonb where id = ${target.id}`,
    );
    expect(await verify()).toEqual({ ok: true, checked: rows.length });
  });

  it("the app's own connection cannot open the door: the old retention flag lets nothing through", async () => {
    await newClient();
    const before = await rowsOf(auditLog);
    // One statement, so it runs on one connection of the pool: set the flag, then delete.
    const withFlag = sql.raw(`with flag as (select set_config('audit.retention', 'on', true))
      delete from audit_log where id = (select max(id) from audit_log, flag)`);
    expect(await refusal(withFlag)).toMatch(/solo anexado/);
    // Nor from inside a function of its own, nor by moving the head to match.
    const inBlock = sql.raw(`do $$ begin
      perform set_config('audit.retention', 'on', true);
      delete from audit_log where id = (select min(id) from audit_log);
    end $$`);
    expect(await refusal(inBlock)).toMatch(/solo anexado/);
    // A statement whose text looks like the purge's frame in the call stack is still not the purge.
    const spoofed =
      sql.raw(`do $$ begin execute 'delete from audit_log where id = (select min(id) from audit_log) /*'
      || chr(10) || 'PL/pgSQL function audit_log_purge(timestamp with time zone) line 9 at SQL statement */';
    end $$`);
    expect(await refusal(spoofed)).toMatch(/solo anexado/);
    expect(await refusal(sql`update audit_head set entries = 0`)).toMatch(/audit_head solo lo mueve/);
    expect(await refusal(sql`delete from audit_head`)).toMatch(/audit_head solo lo mueve/);
    expect(await refusal(sql`insert into audit_head values (2, 0, '', 0, '')`)).toMatch(/solo lo mueve/);
    expect(await rowsOf(auditLog)).toBe(before);
    expect(await verify()).toEqual({ ok: true, checked: before });
  });

  it('an entry that does not follow the head is refused', async () => {
    const forged = sql.raw(`insert into audit_log (at, action, entity, prev_hash, hash)
      values (now(), 'create', 'client', repeat('0', 64), repeat('1', 64))`);
    expect(await refusal(forged)).toMatch(/no sigue a la última/);
  });
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
    expect(await verify()).toMatchObject({
      ok: false,
      checked: ids.indexOf(target),
      problem: 'altered',
      firstBrokenId: target,
    });

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

    // A purge of everything leaves its anchor: the next entry links to the last one removed.
    await ctx.db.execute(sql`select audit_log_purge(now() + interval '1 day')`);
    expect(await verify()).toEqual({ ok: true, checked: 0 });
    await newClient();
    expect(await verify()).toEqual({ ok: true, checked: 1 });
  });
});
