import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * GET /api/sales?q= with several words: the words follow each other in one part of the sale (its
 * passenger, its client, an item's passenger), the first where a word starts and the last as a prefix,
 * whatever the case and accents. Looked up through the pairs of adjacent words (migrations/0008).
 */

let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
const sale: Record<string, number> = {};

async function create(key: string, passengerName: string, clientId = refs.client.id) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: admin,
    payload: saleBody(refs, ctx.users.sales.id, { saleData: { passengerName, clientId } }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  sale[key] = res.json().sale.id;
}

const found = async (text: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sales?sort=id&q=${encodeURIComponent(text)}`,
    headers: admin,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().sales as Array<{ id: number }>).map((s) => s.id);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'w');
  const client = await ctx.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: 'Camila Sotomayor Ruiz', clientId: '15.555.555-6' },
  });
  await create('plain', 'Camila Soto Pérez');
  await create('middle', 'María Cámila Soto');
  await create('apart', 'Camila Rojas Soto');
  await create('inside', 'Micamila Soto');
  await create('reversed', 'Soto Camila');
  await create('client', 'Pedro Lagos', client.json().client.id);
});
afterAll(() => ctx.close());

describe('a search of several words', () => {
  it('finds the words one after the other, the last as a prefix, in any case and accents', async () => {
    expect(await found('camila soto')).toEqual([sale.plain, sale.middle, sale.client]);
    expect(await found('CÁMILA   Soto')).toEqual([sale.plain, sale.middle, sale.client]);
    expect(await found('camila sotom')).toEqual([sale.client]);
    expect(await found('camila soto pé')).toEqual([sale.plain]);
    expect(await found('maria camila soto')).toEqual([sale.middle]);
    expect(await found('soto camila')).toEqual([sale.reversed]);
    expect(await found('camila sotomayor ruiz')).toEqual([sale.client]);
  });

  it('does not join words that are apart, in another order or in two parts of the sale', async () => {
    expect(await found('camila rojas soto')).toEqual([sale.apart]);
    expect(await found('camila soto rojas')).toEqual([]);
    // The passenger's name, then the client's: two parts.
    expect(await found('pedro lagos camila')).toEqual([]);
  });

  it('starts the first word where a word starts; one word is still found anywhere', async () => {
    expect(await found('micamila soto')).toEqual([sale.inside]);
    expect(await found('amila soto')).toEqual([]);
    expect(await found('amila')).toEqual([
      sale.plain,
      sale.middle,
      sale.apart,
      sale.inside,
      sale.reversed,
      sale.client,
    ]);
  });

  it('keeps the pairs index in step with the text the triggers keep', async () => {
    const pairs = await ctx.db.execute(
      sql`select f_search_pairs(search_text)::text as pairs from sales where id = ${sale.middle}`,
    );
    expect((pairs as unknown as { rows: Array<{ pairs: string }> }).rows[0]?.pairs).toContain(
      "'camila soto'",
    );
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${sale.reversed}`,
      headers: admin,
      payload: {
        ...saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: 'Camila Soto Vidal' } }),
        version: 1,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(await found('camila soto vidal')).toEqual([sale.reversed]);
    expect(await found('soto camila')).toEqual([]);
    // The bulk rebuild (large seeds) builds the pairs index again from the same text.
    await ctx.db.execute(sql`select rebuild_sales_search()`);
    expect(await found('camila soto')).toEqual([sale.plain, sale.middle, sale.reversed, sale.client]);
  });
});
