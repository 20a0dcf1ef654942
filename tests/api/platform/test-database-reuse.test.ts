import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../src/server/demo/seed';
import { createTestContext, openTestDatabase } from '../../helpers/test-app';

// PGlite only (excluded from api-postgres in vitest.config.ts): each PostgreSQL file gets a new database.
type Row = Record<string, unknown>;
const rowsOf = async (database: Awaited<ReturnType<typeof openTestDatabase>>, query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;

/** Which PGlite engine a handle reaches: each one started at its own instant. */
const engineOf = async (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
  (await rowsOf(database, 'select pg_postmaster_start_time()::text as started'))[0]?.started;

/** Each table's row count, the migrations' record included. */
const COUNTS = `select c.relname as name, (xpath('/row/n/text()',
    query_to_xml(format('select count(*) as n from %I.%I', ns.nspname, c.relname), false, true, '')))[1]::text::int as n
  from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
  where ns.nspname in ('public', 'drizzle') and c.relkind = 'r' order by 1`;

describe('a PGlite database kept by the worker for the next test file', () => {
  it('comes back as the migrations left it after a file filled it with a demo agency', async () => {
    const fresh = await openTestDatabase();
    const before = await rowsOf(fresh, COUNTS);
    await fresh.close();

    const demo = await openTestDatabase();
    expect(await seedDemoData(demo.db)).toBe(true);
    const filled = await rowsOf(demo, COUNTS);
    // The demo writes to many tables, the ones whose emptying is checked below.
    expect(filled.filter((table) => Number(table.n) > 0).length).toBeGreaterThan(10);
    // As a test of a backup from a newer release does.
    await demo.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 1)`,
    );
    const engine = await engineOf(demo);
    await demo.close();
    // Closed for the file that closed it, though the engine lives on for the next one.
    await expect(demo.db.execute(sql`select 1`)).rejects.toThrow();

    const next = await createTestContext();
    try {
      expect(await engineOf(next.database)).toBe(engine);
      expect(next.database.db).not.toBe(demo.db);
      // Only the three users this context created are there; every other table is as before.
      const counts = await rowsOf(next.database, COUNTS);
      expect(counts.map((t) => (t.name === 'users' ? { ...t, n: Number(t.n) - 3 } : t))).toEqual(before);
      // Sequences start again: the first client of the file is number 1.
      const created = await next.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: await next.auth('admin'),
        payload: { name: 'Cliente Uno', clientId: '11.111.111-1' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().client.id).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('is not kept when a file changed the schema, so no later file sees the change', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`alter table clients disable trigger all`);
    const engine = await engineOf(changed);
    await changed.close();

    const next = await openTestDatabase();
    try {
      expect(await engineOf(next)).not.toBe(engine);
      const [state] = await rowsOf(
        next,
        `select count(*)::int as off from pg_trigger where tgrelid = 'clients'::regclass and tgenabled = 'D'`,
      );
      expect(state?.off).toBe(0);
    } finally {
      await next.close();
    }
  });
});
