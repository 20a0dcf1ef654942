import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * Keyset paging of the sales list: `after=<nextCursor>` gives the page that follows the previous one in
 * any sort, ties included, without reading the pages before it; `page` keeps working beside it.
 */

let ctx: TestContext;
let refs: SaleRefs;
let other: SaleRefs;
let h: Record<'admin' | 'sales', Record<string, string>>;
/** Only this file's sales travel on these dates. */
const MINE = 'travelFrom=2033-01-01&travelTo=2033-12-31';

interface ListReply {
  sales: Array<{ id: number }>;
  pagination: { page: number; total: number; nextCursor?: string };
}

async function list(query: string, who: 'admin' | 'sales' = 'admin', path = '/api/sales') {
  return ctx.app.inject({ method: 'GET', url: `${path}?${MINE}&${query}`, headers: h[who] });
}
async function reply(query: string, who: 'admin' | 'sales' = 'admin', path?: string): Promise<ListReply> {
  const res = await list(query, who, path);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Every sale of the list walked two at a time through the cursors, and the number of pages. */
async function walk(sort: string, who: 'admin' | 'sales' = 'admin', path?: string) {
  const seen: number[] = [];
  let page = await reply(`sort=${sort}&limit=2`, who, path);
  let pages = 1;
  seen.push(...page.sales.map((s) => s.id));
  while (page.pagination.nextCursor) {
    page = await reply(`sort=${sort}&limit=2&after=${page.pagination.nextCursor}`, who, path);
    // The total is the whole list's, not what is left after the cursor.
    expect(page.pagination.total).toBe(7);
    seen.push(...page.sales.map((s) => s.id));
    pages++;
  }
  return { seen, pages };
}

beforeAll(async () => {
  ctx = await createTestContext();
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales') };
  refs = await createSaleRefs(ctx, 'ks1');
  other = await createSaleRefs(ctx, 'ks2');
  // Equal prices, travel dates and clients on purpose: the sale number must break every tie.
  const plan = [
    [refs, '2033-03-01', 100],
    [other, '2033-03-01', 100],
    [refs, '2033-01-05', 250.5],
    [other, '2033-07-09', 100],
    [refs, '2033-03-01', 40],
    [other, '2033-01-05', 250.5],
    [refs, '2033-12-31', 999],
  ] as const;
  for (const [r, travelDate, price] of plan) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: h.admin,
      payload: saleBody(r, ctx.users.sales.id, {
        saleData: { travelDate },
        items: [{ ...saleBody(r, 0).items[0], salePrice: price }],
      }),
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('GET /api/sales?after=', () => {
  it('walks every sort both ways in the order of the full list, each sale once', async () => {
    for (const field of ['id', 'creationDate', 'travelDate', 'client', 'salePrice']) {
      for (const sort of [field, `-${field}`]) {
        const full = (await reply(`sort=${sort}&limit=100`)).sales.map((s) => s.id);
        expect(full).toHaveLength(7);
        const { seen, pages } = await walk(sort);
        expect(seen, sort).toEqual(full);
        expect(pages).toBe(4);
      }
    }
  });

  it('gives the same pages as page=N, and no cursor after the last full page', async () => {
    const byPage = await reply('sort=-salePrice&limit=3&page=2');
    const first = await reply('sort=-salePrice&limit=3');
    const byCursor = await reply(`sort=-salePrice&limit=3&after=${first.pagination.nextCursor}`);
    expect(byCursor.sales).toEqual(byPage.sales);
    const last = await reply('sort=-salePrice&limit=3&page=3');
    expect(last.sales).toHaveLength(1);
    expect(last.pagination.nextCursor).toBeUndefined();
  });

  it("keeps a seller's list to their own sales", async () => {
    const { seen } = await walk('-creationDate', 'sales', '/api/sales/my-sales');
    expect(seen).toHaveLength(7);
    expect((await walk('-creationDate', 'admin', '/api/sales/my-sales')).seen).toEqual([]);
  });

  it('refuses a cursor that is not one, or that belongs to another sort, with a Spanish message', async () => {
    const first = await reply('sort=salePrice&limit=2');
    const cursor = first.pagination.nextCursor as string;
    for (const bad of ['no!es', 'eHl6', 'x'.repeat(601)]) {
      const res = await list(`sort=salePrice&after=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/after/);
    }
    expect((await list(`sort=salePrice&after=${encodeURIComponent('a\u0001b')}`)).statusCode).toBe(400);
    const otherSort = await list(`sort=-salePrice&after=${cursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().message).toMatch(/otro orden/);
  });
});
