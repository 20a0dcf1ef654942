import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { currencyRateDays } from '../../../src/server/db/schema';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from '../../helpers/sales';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * docs/decisions/0099-rates-by-day.md: a payment is valued with the rates of its own date. Each change of a
 * rate's value is kept as the rate of that agency day; a payment dated some day takes the last rate saved
 * on or before it, for its own currency and for the sale's.
 */

let ctx: TestContext;
let refs: SaleRefs;
let headers: Record<string, string>;
const today = agencyToday('America/Santiago');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const setRate = (currency: string, rate: number) =>
  call('PUT', '/api/company/currency-rates', { rates: [{ currency, rate }] });
const dayRates = async (currency: string) =>
  (
    await ctx.db
      .select({ day: currencyRateDays.day, rate: currencyRateDays.rate })
      .from(currencyRateDays)
      .where(eq(currencyRateDays.currency, currency))
      .orderBy(currencyRateDays.day)
  ).map((r) => ({ day: r.day, rate: Number(r.rate) }));
/** A rate of a past day, as an earlier save on the screen would have left it. */
const pastRate = (currency: string, day: string, rate: string) =>
  ctx.db.insert(currencyRateDays).values({ currency, day, rate });

async function newSale(saleData: object = {}, items?: object[]) {
  const res = await call('POST', '/api/sales', saleBody(refs, ctx.users.admin.id, { saleData, items }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sale.id as number;
}
async function pay(saleId: number, body: object) {
  const res = await call('POST', '/api/payments', { saleId, method: 'transfer', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment;
}

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'dias');
  headers = await ctx.auth('admin');
  expect((await setRate('CLP', 0.00105)).statusCode).toBe(200);
  await pastRate('CLP', '2026-06-01', '0.0012');
  await pastRate('CLP', '2026-08-01', '0.00125');
});
afterAll(() => ctx.close());

describe('rates kept by day', () => {
  it("keeps a changed value as the rate of the agency's day, once per day", async () => {
    expect((await setRate('EUR', 1.1)).statusCode).toBe(200);
    expect((await setRate('EUR', 1.12)).statusCode).toBe(200);
    expect(await dayRates('EUR')).toEqual([{ day: today, rate: 1.12 }]);
    const res = await call('POST', '/api/company/currency-rates', { currency: 'GBP', unitsPerUsd: 0.8 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await dayRates('GBP')).toEqual([{ day: today, rate: 1.25 }]);
    // The active flag is not a value: switching it writes no day.
    await ctx.db.delete(currencyRateDays).where(eq(currencyRateDays.currency, 'GBP'));
    expect((await call('PATCH', `/api/company/currency-rates/${res.json().data.id}/toggle`)).statusCode).toBe(
      200,
    );
    expect(await dayRates('GBP')).toEqual([]);
  });

  it("values a payment with its own day's rate, and one before any known day with the earliest", async () => {
    const saleId = await newSale();
    const june = await pay(saleId, { date: '2026-06-15', amount: '100000', currency: 'CLP' });
    expect(june).toMatchObject({ exchangeRate: 0.0012, rateEdited: false, usdAmount: 120, saleAmount: 120 });
    const august = await pay(saleId, { date: '2026-08-01', amount: '100000', currency: 'CLP' });
    expect(august).toMatchObject({ exchangeRate: 0.00125, usdAmount: 125 });
    const early = await pay(saleId, { date: '2025-12-31', amount: '100000', currency: 'CLP' });
    expect(early).toMatchObject({ exchangeRate: 0.0012, usdAmount: 120 });
    const now = await pay(saleId, { date: today, amount: '100000', currency: 'CLP' });
    expect(now).toMatchObject({ exchangeRate: 0.00105, rateEdited: false, usdAmount: 105 });
    // A rate typed as that day's is not an edited one.
    const typed = await pay(saleId, {
      date: '2026-06-20',
      amount: '1000',
      currency: 'CLP',
      exchangeRate: '0.0012',
    });
    expect(typed).toMatchObject({ rateEdited: false });
  });

  it("converts into a peso sale with the peso's rate of the payment's day", async () => {
    const saleId = await newSale({ currency: 'CLP' }, [
      itemBody(refs, { salePrice: 1_500_000, costPrice: '1200000' }),
    ]);
    // US$ 100 on 15 June: 100 / 0.0012 = 83.333,33 pesos, rounded once to 83.333 (today's rate gives 95.238).
    const payment = await pay(saleId, { date: '2026-06-15', amount: '100', currency: 'USD' });
    expect(payment).toMatchObject({ exchangeRate: 1, usdAmount: 100, saleAmount: 83_333 });
    const sale = (await call('GET', `/api/sales/${saleId}`)).json();
    expect(sale.totalPaid).toBe(83_333);
  });

  it('follows a new date unless the rate was typed', async () => {
    const saleId = await newSale();
    const taken = await pay(saleId, { date: '2026-06-15', amount: '100000', currency: 'CLP' });
    const moved = await call('PUT', `/api/payments/${taken.id}`, { date: '2026-08-02' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().payment).toMatchObject({ exchangeRate: 0.00125, usdAmount: 125 });
    const typed = await pay(saleId, {
      date: '2026-06-15',
      amount: '100000',
      currency: 'CLP',
      exchangeRate: '0.001',
    });
    const kept = await call('PUT', `/api/payments/${typed.id}`, { date: '2026-08-02' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().payment).toMatchObject({ exchangeRate: 0.001, rateEdited: true, usdAmount: 100 });
  });

  it('still refuses a currency without an active rate, whatever its past days', async () => {
    await pastRate('ARS', '2026-06-01', '0.001');
    const saleId = await newSale();
    const res = await call('POST', '/api/payments', {
      saleId,
      method: 'transfer',
      date: '2026-06-15',
      amount: '1000',
      currency: 'ARS',
    });
    expect(res.statusCode, res.body).toBe(409);
    const rows = await ctx.db
      .select()
      .from(currencyRateDays)
      .where(and(eq(currencyRateDays.currency, 'ARS'), eq(currencyRateDays.day, '2026-06-01')));
    expect(rows).toHaveLength(1);
  });
});

const start = releaseBefore('0042_rate_days');

describe('upgrading to rates by day', () => {
  it("keeps each known rate as the rate of the agency's day it was last saved", async () => {
    const database = await start.open();
    try {
      const { db } = database;
      // 02:30 UTC on 2 March is still 1 March in Santiago (UTC-3 in summer).
      await db.execute(sql`insert into currency_rates (currency, rate, units_per_usd, last_updated)
        values ('USD', 1, 1, now()), ('CLP', '0.00105', '952.380952380952381', '2026-03-02T02:30:00Z')`);
      await database.migrate();
      const rows = rowsOf(await db.execute(sql`select currency, day::text, rate from currency_rate_days`));
      expect(rows).toEqual([{ currency: 'CLP', day: '2026-03-01', rate: '0.0010500000000000' }]);
    } finally {
      await database.close();
    }
  });
});
