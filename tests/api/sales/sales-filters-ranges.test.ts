import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A date range with a sort on another key (GET /api/sales): the range's sales are read and sorted
 * (docs/decisions/0029), with the same order, pages and capped count as the plain SQL below.
 */

let ctx: TestContext;
let admin: Record<string, string>;

async function list(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/sales?${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    sales: Array<{ id: number }>;
    pagination: { total: number; totalCapped: boolean };
  };
  return { ids: body.sales.map((s) => s.id), pagination: body.pagination };
}

async function expected(where: string, order: string, offset: number) {
  const result = await ctx.db.execute(
    sql.raw(`select id from sales where ${where} order by ${order} limit 20 offset ${offset}`),
  );
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  const refs = await createSaleRefs(ctx, 'r');
  // 1,200 sales a day apart; travel dates run the other way, prices repeat so ties fall to the number.
  await ctx.db.execute(sql`
    insert into sales (passenger_name, client_id, seller_id, creation_date, travel_date, sale_type,
                       service_type, region, sale_price)
    select 'Rango ' || g, ${refs.client.id}, ${ctx.users.sales.id}, timestamptz '2020-01-01' + g * interval '1 day',
           date '2040-01-01' - g, 'individual', 'hotel', 'national', (g % 7) * 10
    from generate_series(1, 1200) g`);
});
afterAll(() => ctx.close());

describe('a date range sorted by another key', () => {
  it('sorts a travel range by number, price and creation, with its exact count', async () => {
    const where = `travel_date between '2037-01-01' and '2037-06-30'`;
    const range = 'travelFrom=2037-01-01&travelTo=2037-06-30&limit=20';
    const first = await list(`${range}&sort=id`);
    expect(first.ids).toEqual(await expected(where, 'id', 0));
    expect(first.pagination).toMatchObject({ total: 181, totalCapped: false });
    expect((await list(`${range}&sort=-salePrice&page=3`)).ids).toEqual(
      await expected(where, 'sale_price desc, id desc', 40),
    );
    expect((await list(`${range}&sort=creationDate&page=2`)).ids).toEqual(
      await expected(where, 'creation_date, id', 20),
    );
  });

  it('sorts a broad creation range by travel date and says it stopped counting', async () => {
    const where = `creation_date >= '2020-02-01'`;
    const broad = await list('createdFrom=2020-02-01&sort=-travelDate&limit=20&page=2');
    expect(broad.ids).toEqual(await expected(where, 'travel_date desc, id desc', 20));
    expect(broad.pagination).toMatchObject({ total: 1000, totalCapped: true });
    expect((await list('createdTo=2020-03-01&sort=-id&limit=20')).ids).toEqual(
      await expected(`creation_date < '2020-03-02'`, 'id desc', 0),
    );
  });
});
