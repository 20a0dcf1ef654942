import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sales, salesDaily } from '../../../src/server/db/schema';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * A sale's creation day is the agency's day (migration 0017): made at 23:30 on 31 October in Santiago
 * (02:30 UTC on 1 November), it belongs to October in the 30-day chart's rows and in the sales report,
 * whichever way the report is read (the company's day rows, a seller's chart rows, a seller's scan).
 * When the admin moves the agency to another zone, the kept rows follow.
 */
const CREATED = new Date('2026-11-01T02:30:00Z');

let ctx: TestContext;
let agency: FinanceAgency;
let saleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'dias');
  saleId = await agency.sale({
    travelDate: '2026-12-15',
    items: [{ salePrice: '700.00', costPrice: '400.00' }],
  });
  // The update trigger moves the kept rows from the real creation day to this one.
  await ctx.db.update(sales).set({ creationDate: CREATED }).where(eq(sales.id, saleId));
});
afterAll(() => ctx.close());

/** The chart's row of the sale's seller: the day it counts on. */
async function chartDays(): Promise<string[]> {
  const rows = await ctx.db
    .select({ day: salesDaily.day })
    .from(salesDaily)
    .where(and(eq(salesDaily.sellerId, ctx.users.sales.id), gt(salesDaily.salesCount, 0)));
  return rows.map((row) => String(row.day));
}

/** The report's totals for one month of creation, read by `who` grouped by `groupBy`. */
async function monthTotal(month: '2026-10' | '2026-11', who: 'admin' | 'sales', groupBy: string) {
  const to = month === '2026-10' ? '2026-10-31' : '2026-11-30';
  const res = await agency.call(
    'GET',
    `/api/reports/sales?groupBy=${groupBy}&dateField=creation&from=${month}-01&to=${to}`,
    undefined,
    who,
  );
  expect(res.statusCode).toBe(200);
  return res.json().totals.totalSale as number;
}

describe("a sale's creation day is the agency's day", () => {
  it('counts on 31 October in Santiago, not on the UTC 1 November', async () => {
    expect(await chartDays()).toEqual(['2026-10-31']);
    for (const [who, groupBy] of [
      ['admin', 'month'],
      ['admin', 'region'],
      ['sales', 'month'],
      ['sales', 'region'],
    ] as const) {
      expect([who, groupBy, await monthTotal('2026-10', who, groupBy)]).toEqual([who, groupBy, 700]);
      expect([who, groupBy, await monthTotal('2026-11', who, groupBy)]).toEqual([who, groupBy, 0]);
    }
  });

  it('moves the kept rows when the agency changes its zone', async () => {
    const { data } = (await agency.call('GET', '/api/company/settings')).json();
    const put = await agency.call('PUT', '/api/company/settings', {
      ...data,
      name: 'Agencia Días',
      timeZone: 'UTC',
    });
    expect(put.statusCode).toBe(200);
    expect(await chartDays()).toEqual(['2026-11-01']);
    expect(await monthTotal('2026-11', 'admin', 'region')).toBe(700);
    expect(await monthTotal('2026-11', 'sales', 'region')).toBe(700);
    expect(await monthTotal('2026-10', 'admin', 'month')).toBe(0);
  });
});
