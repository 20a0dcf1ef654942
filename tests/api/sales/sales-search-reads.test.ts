import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A search takes one of three reads by how common its text is (docs/decisions/0033): a name among
 * the newest sales first, the search's indexes up to 1,001 matches, or past that a bounded walk of the
 * newest sales, then the index for matches too old for the walk. Whichever it takes, the page is the newest matches of the caller's scope and the count says
 * "más de 1.000" past a thousand.
 */

let ctx: TestContext;
let clientId: number;

/**
 * `count` sales of `seller` whose passenger is `name` and a number, created a minute apart. Thousands
 * of sales are needed, so they are written with the triggers off (the search text set here as the
 * trigger would set it; this file reads no aggregate).
 */
async function insertSales(name: string, count: number, seller: number, minutesAgo = 0) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into sales (passenger_name, client_id, seller_id, creation_date, travel_date, sale_type,
                         service_type, region, search_text)
      select p.name, ${clientId}, ${seller}, now() - (${minutesAgo} + p.g) * interval '1 minute',
             '2030-01-01', 'individual', 'hotel', 'national', f_search_norm(p.name)
      from (select g, ${name} || ' ' || g as name from generate_series(1, ${count}) g) p`);
  });
}

async function newest(like: string, seller?: number, limit = 40) {
  const rows = await ctx.db.execute(sql`
    select id from sales where passenger_name like ${like}
      and (${seller ?? null}::int is null or seller_id = ${seller ?? null}::int)
    order by creation_date desc, id desc limit ${limit}`);
  return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

async function list(role: 'admin' | 'sales', query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sales?${query}`,
    headers: await ctx.auth(role),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    sales: Array<{ id: number }>;
    pagination: { total: number; totalCapped: boolean };
  };
  return { ids: body.sales.map((s) => s.id), ...body.pagination };
}

beforeAll(async () => {
  ctx = await createTestContext();
  clientId = (await createSaleRefs(ctx, 'r')).client.id;
  // 1,500 "Gentio Sur" sales: more than the index read takes, so the page walks the date index.
  await insertSales('Gentio Sur', 1_500, ctx.users.sales.id);
  // 1,200 "Corro" sales of the admin, older, and 30 of the seller: among the seller's, few.
  await insertSales('Corro', 1_200, ctx.users.admin.id, 10_000);
  await insertSales('Corro', 30, ctx.users.sales.id, 10_000);
  // 4,000 newer sales of other passengers, then 1,100 old "Raro Lejano": past the cap, and further
  // back than the page's walk of the newest sales goes, so that page comes from the index.
  await insertSales('Relleno', 4_000, ctx.users.admin.id, 1_600);
  await insertSales('Raro Lejano', 1_100, ctx.users.admin.id, 30_000);
  // Three words: their pairs may be apart in a sale, so each match is checked word by word.
  await insertSales('Gentio Sur Alto', 3, ctx.users.sales.id, 20_000);
  await insertSales('Gentio Alto Sur', 3, ctx.users.sales.id, 20_000);
}, 120_000);
afterAll(() => ctx.close());

describe('a broad search', () => {
  it('pages the newest matches when they outnumber what the index read takes', async () => {
    const expected = await newest('Gentio Sur %');
    const first = await list('admin', 'q=gentio sur&limit=20');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.ids).toEqual(expected.slice(0, 20));
    expect((await list('admin', 'q=gentio sur&limit=20&page=2')).ids).toEqual(expected.slice(20, 40));
  });

  it('reads the page of many old matches from the index instead of walking every newer sale', async () => {
    const expected = await newest('Raro Lejano %');
    const first = await list('admin', 'q=raro lejano&limit=20');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.ids).toEqual(expected.slice(0, 20));
    expect((await list('admin', 'q=raro lejano&limit=20&page=2')).ids).toEqual(expected.slice(20, 40));
  });

  it('checks that three words follow each other, whichever read finds them', async () => {
    const expected = await newest('Gentio Sur Alto %');
    const found = await list('admin', 'q=gentio sur alto&limit=20');
    expect(found).toMatchObject({ total: 3, totalCapped: false });
    expect(found.ids).toEqual(expected);
  });

  it('looks for a name among the newest sales first, and counts it exactly when it is not common', async () => {
    const byAdmin = await list('admin', 'q=corro&limit=20');
    expect(byAdmin).toMatchObject({ total: 1000, totalCapped: true });
    expect(byAdmin.ids).toEqual((await newest('Corro %')).slice(0, 20));
    // The seller's own 30 are too few among their newest sales: the index read counts them exactly.
    const bySeller = await list('sales', 'q=corro&limit=20');
    expect(bySeller).toMatchObject({ total: 30, totalCapped: false });
    expect(bySeller.ids).toEqual((await newest('Corro %', ctx.users.sales.id)).slice(0, 20));
  });
});
