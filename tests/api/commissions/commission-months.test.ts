import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommissionContext, commissionContext } from '../../helpers/commissions';
import { itemBody } from '../../helpers/sales';

/**
 * A month's commissions while it is open: which rule each liquidated sale takes, of which base, in
 * which month of the agency's calendar, and who sees whose.
 */
// Filled before the first test (the destructuring keeps each file's short names).
let { ctx, refs, h, second } = {} as CommissionContext;
let otherKind: { id: number };
beforeAll(async () => {
  ({ ctx, refs, h, second } = await commissionContext('meses'));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/classifications',
    headers: await ctx.auth('admin'),
    payload: { name: 'Hoteles nacionales' },
  });
  otherKind = created.json().classification;
});
afterAll(() => ctx.close());

/** One item of classification `id`, at a price and a cost. */
const item = (classificationId: number, salePrice: number | string, costPrice: number | string) =>
  itemBody(refs, { classificationId: String(classificationId), salePrice, costPrice });

describe('commissions of an open month', () => {
  it('each sale takes the most specific rule: seller and classification, seller, classification, everyone', async () => {
    const first = ctx.users.sales.id;
    const kindA = refs.classification.id;
    const kindB = otherKind.id;
    await h.putRules([
      { percent: 1, base: 'sale' },
      { classificationId: kindB, percent: 2, base: 'sale' },
      { sellerId: first, percent: 3, base: 'sale' },
      { sellerId: first, classificationId: kindB, percent: 4, base: 'sale' },
    ]);
    const at = '2026-01-15T15:00:00Z';
    const firstA = await h.liquidated(refs, first, at, [item(kindA, '1500.50', 1200)]);
    const firstB = await h.liquidated(refs, first, at, [item(kindB, '1500.50', 1200)]);
    // Two classifications: the sale is of its largest item's (B).
    const firstMixed = await h.liquidated(refs, first, at, [item(kindA, 100, 50), item(kindB, 900, 100)]);
    const secondA = await h.liquidated(refs, second.id, at, [item(kindA, '1500.50', 1200)]);
    const secondB = await h.liquidated(refs, second.id, at, [item(kindB, '1500.50', 1200)]);
    const reply = await h.month('2026-01');
    expect(reply).toEqual({
      month: '2026-01',
      closed: false,
      sellers: [
        {
          sellerId: first,
          username: 'sales_base',
          total: 145.04,
          sales: [
            // 3% of 1,500.50 is 45.015: rounded to cents, half away from zero.
            { saleId: firstA, base: 1500.5, percent: 3, commission: 45.02 },
            { saleId: firstB, base: 1500.5, percent: 4, commission: 60.02 },
            { saleId: firstMixed, base: 1000, percent: 4, commission: 40 },
          ],
        },
        {
          sellerId: second.id,
          username: 'sales_dos',
          total: 45.02,
          sales: [
            { saleId: secondA, base: 1500.5, percent: 1, commission: 15.01 },
            { saleId: secondB, base: 1500.5, percent: 2, commission: 30.01 },
          ],
        },
      ],
    });
  });

  it('a margin rule takes price less cost, a sale rule the price, both in USD at the frozen rate', async () => {
    await h.putRules([
      { sellerId: ctx.users.sales.id, percent: 10, base: 'margin' },
      { sellerId: second.id, percent: 10, base: 'sale' },
    ]);
    const headers = await ctx.auth('admin');
    const rate = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/currency-rates',
      headers,
      payload: { currency: 'CLP', rate: '0.00105263', isActive: true },
    });
    expect(rate.statusCode).toBe(201);
    const at = '2026-04-10T12:00:00Z';
    const margin = await h.liquidated(refs, ctx.users.sales.id, at, [
      item(refs.classification.id, '1500.50', '1200.25'),
    ]);
    const onSale = await h.liquidated(refs, second.id, at, [
      item(refs.classification.id, '1500.50', '1200.25'),
    ]);
    // A peso sale: its frozen USD values are 1,578.95 and 1,052.63 (round(x × 0.00105263, 2)).
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers,
      payload: {
        saleData: {
          passengerName: 'Pasajero Pesos',
          clientId: refs.client.id,
          travelDate: '2031-02-10',
          saleType: 'individual',
          serviceType: 'package',
          region: 'national',
          passengerCount: 1,
          sellerId: ctx.users.sales.id,
          currency: 'CLP',
        },
        items: [item(refs.classification.id, 1500000, 1000000)],
      },
    });
    const pesos = created.json().sale.id as number;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${pesos}`,
      headers,
      payload: { status: 'completed' },
    });
    await ctx.db.execute(sql`update sales set completed_at = ${at}::timestamptz where id = ${pesos}`);
    // The rate changes afterwards: the sale keeps the one it was sold at.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/currency-rates',
      headers,
      payload: { rates: [{ currency: 'CLP', rate: '0.002' }] },
    });
    const reply = await h.month('2026-04');
    expect(h.linesOf(reply, margin)).toEqual([
      { saleId: margin, base: 300.25, percent: 10, commission: 30.03 },
    ]);
    expect(h.linesOf(reply, onSale)).toEqual([
      { saleId: onSale, base: 1500.5, percent: 10, commission: 150.05 },
    ]);
    expect(h.linesOf(reply, pesos)).toEqual([
      { saleId: pesos, base: 526.32, percent: 10, commission: 52.63 },
    ]);
    expect(reply.sellers.map((s) => s.total)).toEqual([82.66, 150.05]);
  });

  it("counts a sale in the month of the agency's day it was liquidated on", async () => {
    await h.putRules([{ percent: 10, base: 'sale' }]);
    const seller = ctx.users.sales.id;
    const line = [item(refs.classification.id, 100, 50)];
    // 02:30 UTC on 1 March is 23:30 on 28 February in Santiago (UTC−3 in summer).
    const lateFebruary = await h.liquidated(refs, seller, '2026-03-01T02:30:00Z', line);
    const earlyMarch = await h.liquidated(refs, seller, '2026-03-01T03:30:00Z', line);
    const lateJanuary = await h.liquidated(refs, seller, '2026-02-01T02:59:00Z', line);
    const ids = (reply: Awaited<ReturnType<typeof h.month>>) =>
      reply.sellers.flatMap((s) => s.sales.map((l) => l.saleId));
    expect(ids(await h.month('2026-02'))).toEqual([lateFebruary]);
    expect(ids(await h.month('2026-03'))).toEqual([earlyMarch]);
    expect(ids(await h.month('2026-01'))).toContain(lateJanuary);
  });

  it('a sale without a matching rule earns nothing and is not listed; nor is a cancelled one', async () => {
    await h.putRules([{ sellerId: second.id, percent: 5, base: 'sale' }]);
    const at = '2026-05-20T12:00:00Z';
    const unruled = await h.liquidated(refs, ctx.users.sales.id, at);
    const counted = await h.liquidated(refs, second.id, at);
    const cancelled = await h.liquidated(refs, second.id, at);
    // Completed is final in the API: a cancellation of a liquidated sale is a correction in the database.
    await ctx.db.execute(sql`update sales set status = 'cancelled' where id = ${cancelled}`);
    const [row] = (
      (await ctx.db.execute(sql`select completed_at from sales where id = ${cancelled}`)) as unknown as {
        rows: { completed_at: unknown }[];
      }
    ).rows;
    expect(row?.completed_at).toBeNull();
    const reply = await h.month('2026-05');
    expect(reply.sellers.map((s) => s.sellerId)).toEqual([second.id]);
    expect(h.linesOf(reply, unruled)).toEqual([]);
    expect(h.linesOf(reply, cancelled)).toEqual([]);
    expect(h.linesOf(reply, counted)).toHaveLength(1);
  });

  it('a seller sees only their own commissions; finance sees every seller', async () => {
    await h.putRules([{ percent: 2, base: 'sale' }]);
    const at = '2026-06-05T12:00:00Z';
    const mine = await h.liquidated(refs, ctx.users.sales.id, at);
    const theirs = await h.liquidated(refs, second.id, at);
    const asSeller = await h.month('2026-06', await ctx.auth('sales'));
    expect(asSeller.sellers.map((s) => s.sellerId)).toEqual([ctx.users.sales.id]);
    expect(h.linesOf(asSeller, mine)).toHaveLength(1);
    expect(h.linesOf(asSeller, theirs)).toEqual([]);
    const asSecond = await h.month('2026-06', second.headers);
    expect(asSecond.sellers.map((s) => s.sellerId)).toEqual([second.id]);
    const asFinance = await h.month('2026-06', await ctx.auth('finance'));
    expect(asFinance.sellers.map((s) => s.sellerId)).toEqual([ctx.users.sales.id, second.id]);
    // No filter to ask for someone else's: an unknown parameter is a 400.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissions?month=2026-06&sellerId=${second.id}`,
      headers: await ctx.auth('sales'),
    });
    expect(other.statusCode).toBe(400);
    for (const month of ['2026-13', '2026-6', 'junio', '']) {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/commissions?month=${month}`,
        headers: await ctx.auth('admin'),
      });
      expect(bad.statusCode, month).toBe(400);
    }
  });
});
