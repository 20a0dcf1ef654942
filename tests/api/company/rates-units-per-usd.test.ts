import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, currencyRates } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A rate typed the way Chile says it: "1 USD = 945 CLP" (unitsPerUsd) beside the spec's "1 EUR = 1,08
 * USD" (rate). docs/decisions/0086-rates-the-way-chile-says-them.md
 */

let ctx: TestContext;
let admin: Record<string, string>;
let refs: SaleRefs;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
const RATES = '/api/company/currency-rates';

/** The stored row of a currency: both columns as PostgreSQL keeps them. */
async function stored(currency: string) {
  const [row] = await ctx.db
    .select({ rate: currencyRates.rate, unitsPerUsd: currencyRates.unitsPerUsd })
    .from(currencyRates)
    .where(eq(currencyRates.currency, currency));
  return row;
}
const rows = async () => (await ctx.db.select({ n: count() }).from(currencyRates))[0]?.n;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'upu');
});
afterAll(() => ctx.close());

describe('a rate typed as units per USD', () => {
  it('stores "1 USD = 945 CLP" exactly and its rate as the reciprocal to 16 decimals', async () => {
    const res = await call('POST', RATES, { currency: 'CLP', unitsPerUsd: 945 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      currency: 'CLP',
      rate: 0.0010582,
      unitsPerUsd: 945,
      isActive: true,
      lastUpdated: expect.any(String),
    });
    expect(await stored('CLP')).toEqual({ rate: '0.0010582010582011', unitsPerUsd: '945.0000000000000000' });
    // The list and what a payment freezes read the same row.
    const listed = (await call('GET', RATES))
      .json()
      .data.find((r: { currency: string }) => r.currency === 'CLP');
    expect(listed).toEqual(res.json().data);
  });

  it('stores the spec\'s "1 EUR = 1.08 USD" exactly and its units per USD as the reciprocal', async () => {
    const res = await call('POST', RATES, { currency: 'EUR', rate: 1.08, isActive: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual(expect.objectContaining({ rate: 1.08, unitsPerUsd: 0.92592593 }));
    expect(await stored('EUR')).toEqual({ rate: '1.0800000000000000', unitsPerUsd: '0.9259259259259259' });
  });

  it('keeps more than eight significant digits of either side as typed', async () => {
    const units = await call('POST', RATES, { currency: 'ARS', unitsPerUsd: '945.12345678' });
    expect(units.statusCode, units.body).toBe(201);
    expect(await stored('ARS')).toEqual({ rate: '0.0010580628306560', unitsPerUsd: '945.1234567800000000' });
    const rate = await call('POST', RATES, { currency: 'PEN', rate: 0.00105820106 });
    expect(rate.statusCode, rate.body).toBe(201);
    expect((await stored('PEN'))?.rate).toBe('0.0010582010600000');
    expect(rate.json().data).toEqual(expect.objectContaining({ rate: 0.0010582, unitsPerUsd: 944.99999839 }));
  });

  it('takes exactly one side on creation: both or neither is a 400 on the field, nothing written', async () => {
    const before = await rows();
    const both = await call('POST', RATES, { currency: 'MXN', rate: 0.05, unitsPerUsd: 20 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([
      { path: 'unitsPerUsd', message: expect.stringMatching(/una sola forma/) },
    ]);
    const neither = await call('POST', RATES, { currency: 'MXN', isActive: true });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([
      { path: 'rate', message: expect.stringMatching(/^La tasa es requerida/) },
    ]);
    const comma = await call('POST', RATES, { currency: 'MXN', unitsPerUsd: '945,5' });
    expect(comma.statusCode).toBe(400);
    expect(comma.json().errors[0].path).toBe('unitsPerUsd');
    const tooMany = await call('POST', RATES, { currency: 'MXN', unitsPerUsd: 10001 });
    expect(tooMany.json().message).toMatch(/^La tasa es demasiado alta/);
    expect(await rows()).toBe(before);
  });

  it('edits by either side or by neither, never both', async () => {
    const clp = (await call('GET', RATES))
      .json()
      .data.find((r: { currency: string }) => r.currency === 'CLP');
    const edited = await call('PUT', `${RATES}/${clp.id}`, { unitsPerUsd: '950.5' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toEqual(expect.objectContaining({ rate: 0.00105208, unitsPerUsd: 950.5 }));
    expect(await stored('CLP')).toEqual({ rate: '0.0010520778537612', unitsPerUsd: '950.5000000000000000' });

    const flag = await call('PUT', `${RATES}/${clp.id}`, { isActive: false });
    expect(flag.json().data).toEqual(expect.objectContaining({ unitsPerUsd: 950.5, isActive: false }));
    expect((await stored('CLP'))?.unitsPerUsd).toBe('950.5000000000000000');

    const both = await call('PUT', `${RATES}/${clp.id}`, { rate: 0.001, unitsPerUsd: 1000 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('unitsPerUsd');
    // Back by the spec's side: the units per USD follow.
    const byRate = await call('PUT', `${RATES}/${clp.id}`, { rate: '0.00105', isActive: true });
    expect(byRate.json().data).toEqual(expect.objectContaining({ rate: 0.00105, unitsPerUsd: 952.38095238 }));
    expect(await stored('CLP')).toEqual({ rate: '0.0010500000000000', unitsPerUsd: '952.3809523809523810' });
  });

  it('writes the change readably in the audit trail, the typed side exact', async () => {
    const clp = (await call('GET', RATES))
      .json()
      .data.find((r: { currency: string }) => r.currency === 'CLP');
    await call('PUT', `${RATES}/${clp.id}`, { unitsPerUsd: 945 });
    const [entry] = await ctx.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'currencyRate'), eq(auditLog.entityId, clp.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.changes).toEqual([
      { field: 'rate', from: '0.00105', to: '0.0010582010582011' },
      { field: 'unitsPerUsd', from: '952.380952380952381', to: '945' },
    ]);
  });

  it('keeps USD at 1 on either side', async () => {
    const usd = await call('POST', RATES, { currency: 'USD', unitsPerUsd: '1.000' });
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json().data).toEqual(expect.objectContaining({ rate: 1, unitsPerUsd: 1 }));
    const off = await call('PUT', `${RATES}/${usd.json().data.id}`, { unitsPerUsd: 2 });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/^USD es la moneda base/);
  });

  it('saves a list by either side, the spec body unchanged', async () => {
    const res = await call('PUT', RATES, {
      rates: [
        { currency: 'GBP', rate: 1.27 },
        { currency: 'JPY', unitsPerUsd: 150, isActive: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored('GBP')).toEqual({ rate: '1.2700000000000000', unitsPerUsd: '0.7874015748031496' });
    expect(await stored('JPY')).toEqual({ rate: '0.0066666666666667', unitsPerUsd: '150.0000000000000000' });
    const both = await call('PUT', RATES, { rates: [{ currency: 'GBP', rate: 1.3, unitsPerUsd: 0.77 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('rates.0.unitsPerUsd');
  });

  it('is what a supplier payment freezes: CLP 945,000 at "1 USD = 945 CLP" is USD 1,000.00', async () => {
    const paid = await call('POST', '/api/supplier-payments', {
      supplierId: refs.supplier.id,
      amount: '945000',
      currency: 'CLP',
      paymentDate: '2031-01-10',
      paymentMethod: 'transfer',
      description: 'Pago en pesos',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toEqual(
      expect.objectContaining({ currency: 'CLP', rateToUsd: 0.0010582010582011, amountUsd: 1000 }),
    );
  });
});
