import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openPglite } from '../../../src/server/db/client';
import { restoreBackup, verifyBackupFile, writeBackup } from '../../../src/server/modules/backups';
import { allRows, emptyPostgres, TEST_SECRET_KEY, testKeys } from '../../helpers/backups';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, openTestDatabase, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'conc');
  dir = mkdtempSync(path.join(tmpdir(), 'respaldos-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const item = (price: string) => ({
  ...(saleBody(refs, 0).items[0] as object),
  salePrice: price,
  costPrice: '1.10',
});

/** Sales of three items each whose totals are not their items' sums, or that lack an item. */
async function halfSales(db: Database) {
  const result = (await db.execute(sql`
    select s.id from sales s left join sale_items i on i.sale_id = s.id
    group by s.id, s.sale_price, s.total_cost
    having count(i.id) <> 3 or s.sale_price <> coalesce(sum(i.sale_price), 0)
      or s.total_cost <> coalesce(sum(i.cost_price), 0)`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

async function saleIds(db: Database): Promise<Set<number>> {
  const result = (await db.execute(sql`select id from sales`)) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((row) => Number(row.id)));
}

describe('a backup taken while 20 clients write', () => {
  it('holds every write acknowledged before it began, and no sale without all its items', async () => {
    const headers = await ctx.auth('sales');
    // `sent` when the request went out, `at` when its answer came back: a sale committed before the
    // snapshot may be answered after the backup ended (its reply waits its turn in the event loop), so
    // only a request sent after the backup ended is known to be after it.
    const acknowledged: { id: number; sent: number; at: number }[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const body = saleBody(refs, ctx.users.sales.id, {
          items: [item(`${n}.${String(i % 100).padStart(2, '0')}`), item('10.05'), item('0.01')],
        });
        const sent = performance.now();
        const res = await ctx.app.inject({ method: 'POST', url: '/api/sales', headers, payload: body });
        expect(res.statusCode).toBe(201);
        acknowledged.push({ id: res.json().sale.id, sent, at: performance.now() });
        // A person between two saves. Without any pause PGlite's lock, which is not fair, goes from one
        // writer to the next and the backup's transaction waits for its turn for many seconds.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    };
    const writers = Array.from({ length: 20 }, (_, n) => writer(n + 1));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const began = performance.now();
    const written = await writeBackup(ctx.database, {
      dir,
      file: 'durante.ndjson.gz',
      secretKey: TEST_SECRET_KEY,
    });
    const ended = performance.now();
    while (acknowledged.filter((a) => a.sent > ended).length < 5) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(writers);

    const target = await openTestDatabase();
    try {
      await restoreBackup(target, written.path, testKeys);
      const restored = await saleIds(target.db);
      const before = acknowledged.filter((a) => a.at < began);
      expect(before.length).toBeGreaterThanOrEqual(20);
      expect(before.filter((a) => !restored.has(a.id))).toEqual([]);
      expect(acknowledged.filter((a) => a.sent > ended && restored.has(a.id))).toEqual([]);
      expect(restored.size).toBeLessThan((await saleIds(ctx.db)).size);
      expect(await halfSales(target.db)).toEqual([]);
      expect(await halfSales(ctx.db)).toEqual([]);
    } finally {
      await target.close();
    }
    // 20 writers on a loaded 2-core machine: PGlite serves them one at a time.
  }, 90_000);
});

// Needs both kinds: only when the suite has a PostgreSQL (CI always does); not a skipped test otherwise.
if (process.env.TEST_DATABASE_URL)
  describe('between PGlite and PostgreSQL', () => {
    it('a backup of one kind restores into the other and back, every row the same', async () => {
      const source = await allRows(ctx.db);
      expect(source.sale_items?.length).toBeGreaterThan(100);
      const there = await otherKind(ctx.database.kind);
      const back = await openTestDatabase();
      try {
        const first = await writeBackup(ctx.database, {
          dir,
          file: 'ida.ndjson.gz',
          secretKey: TEST_SECRET_KEY,
        });
        await restoreBackup(there, first.path, testKeys);
        expect(await allRows(there.db)).toEqual(source);
        const second = await writeBackup(there, {
          dir,
          file: 'vuelta.ndjson.gz',
          secretKey: TEST_SECRET_KEY,
        });
        expect((await verifyBackupFile(second.path, testKeys)).databaseKind).toBe(there.kind);
        expect(readFileSync(second.path).length).toBeGreaterThan(0);
        await restoreBackup(back, second.path, testKeys);
        expect(await allRows(back.db)).toEqual(source);
      } finally {
        await there.close();
        await back.close();
      }
      // On PostgreSQL the other kind is a new PGlite, which runs every migration (initdb in WebAssembly).
    }, 90_000);
  });

/** An empty database of the other kind, without any table: the restore runs every migration. */
async function otherKind(kind: DatabaseHandle['kind']): Promise<DatabaseHandle> {
  return kind === 'pglite' ? emptyPostgres() : openPglite(undefined);
}
