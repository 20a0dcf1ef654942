import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../src/server/db/schema';
import { readCsv } from '../../helpers/exports';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * docs/decisions/0055-payments-in-any-currency.md: a customer payment in the currency the client pays, valued
 * in USD with a rate frozen on the payment; its USD value is what counts toward the sale everywhere.
 */

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, who: keyof typeof h, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: h[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = async (url: string, who: keyof typeof h = 'admin') => {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setRate = (currency: string, rate: number) =>
  call('PUT', '/api/company/currency-rates', 'admin', { rates: [{ currency, rate }] });

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'pesos');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
  expect((await setRate('CLP', 0.00105)).statusCode).toBe(200);
  expect((await setRate('EUR', 1.1)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** A sale of 1500.50 USD departing in five days, so that what it owes is an alert too. */
async function newSale() {
  const res = await call(
    'POST',
    '/api/sales',
    'sales',
    saleBody(refs, ctx.users.sales.id, { saleData: { travelDate: soon } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sale.id as number;
}
const pay = (saleId: number, body: object, who: keyof typeof h = 'sales') =>
  call('POST', '/api/payments', who, { saleId, date: '2031-01-05', method: 'transfer', ...body });
const storedPayments = async (saleId: number) =>
  (await ctx.db.select({ n: count() }).from(payments).where(eq(payments.saleId, saleId)))[0]?.n;

describe('a payment in pesos on a USD sale', () => {
  let saleId: number;
  let paymentId: number;

  beforeAll(async () => {
    saleId = await newSale();
    // 1.000.000 CLP at 0.001052 is 1052.00 exactly; the rate shown with four decimals (0.0011) would give 1100.
    const res = await pay(
      saleId,
      { amount: '1000000', currency: 'CLP', exchangeRate: '0.001052' },
      'finance',
    );
    expect(res.statusCode, res.body).toBe(201);
    paymentId = res.json().payment.id;
    expect(res.json().payment).toEqual(
      expect.objectContaining({
        amount: 1_000_000,
        currency: 'CLP',
        exchangeRate: 0.001052,
        rateEdited: true,
        usdAmount: 1052,
      }),
    );
  });

  it('counts its USD value in the sale paid total and balance, in every list', async () => {
    expect(await get(`/api/sales/${saleId}`, 'sales')).toEqual(
      expect.objectContaining({ salePrice: 1500.5, totalPaid: 1052, balance: 448.5 }),
    );
    const listed = (await get(`/api/sales?q=${saleId}`)).sales.find((s: { id: number }) => s.id === saleId);
    expect(listed).toEqual(expect.objectContaining({ paidAmount: 1052, pendingAmount: 448.5 }));
    const page = await get(`/api/payments?saleId=${saleId}`);
    expect(page.totals).toEqual({ confirmed: 1052, pending: 0 });
  });

  it('counts its USD value in Cobranza and in the alerts the dashboard shows', async () => {
    const receivables = await get('/api/reports/receivables?q=pesos');
    expect(receivables.clients).toEqual([
      expect.objectContaining({ paidAmount: 1052, pendingAmount: 448.5 }),
    ]);
    const client = await get(`/api/reports/receivables/${refs.client.id}`);
    expect(JSON.stringify(client)).toContain('"paidAmount":1052');
    const alerts = await get(`/api/alerts?saleId=${saleId}`);
    expect(alerts.counts['client-balance']).toBe(1);
    expect(alerts.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'client-balance', amount: 448.5 })]),
    );
  });

  it('keeps its frozen rate when Configuraciones changes the peso, and when its amount is edited', async () => {
    expect((await setRate('CLP', 0.002)).statusCode).toBe(200);
    try {
      expect((await get(`/api/payments/${paymentId}`)).payment).toEqual(
        expect.objectContaining({ exchangeRate: 0.001052, usdAmount: 1052 }),
      );
      expect((await get(`/api/sales/${saleId}`)).totalPaid).toBe(1052);
      const edited = await call('PUT', `/api/payments/${paymentId}`, 'sales', { amount: '500000' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().payment).toEqual(
        expect.objectContaining({ currency: 'CLP', exchangeRate: 0.001052, usdAmount: 526 }),
      );
      expect((await get(`/api/sales/${saleId}`)).balance).toBe(974.5);
      expect((await get('/api/reports/receivables?q=pesos')).clients[0].pendingAmount).toBe(974.5);
    } finally {
      await setRate('CLP', 0.00105);
    }
  });

  it('keeps the same balance by trigger as rebuild_dues() computes from scratch', async () => {
    const balanceOf = async () =>
      (await ctx.db.execute(
        sql`select paid, pending from sale_balances where sale_id = ${saleId}`,
      )) as unknown as {
        rows: unknown[];
      };
    const kept = (await balanceOf()).rows;
    expect(kept).toHaveLength(1);
    await ctx.db.execute(sql`select rebuild_dues()`);
    expect((await balanceOf()).rows).toEqual(kept);
  });

  it('exports both amounts, the rate and whether it was typed', async () => {
    const csv = await call('GET', `/api/payments/export?format=csv&saleId=${saleId}`, 'admin');
    expect(csv.statusCode).toBe(200);
    const { header, rows } = readCsv(csv.rawPayload);
    const cell = (name: string) => rows[0]?.[header.indexOf(name)];
    expect(header).toEqual(
      expect.arrayContaining([
        'Monto (en su moneda)',
        'Moneda',
        'Tasa a USD',
        'Tasa editada',
        'Monto USD (US$)',
      ]),
    );
    expect([
      cell('Monto (en su moneda)'),
      cell('Moneda'),
      cell('Tasa editada'),
      cell('Monto USD (US$)'),
    ]).toEqual(['500000,00', 'CLP', 'Sí', '526,00']);
    expect(cell('Tasa a USD')).toBe('0,001052');
  });
});

describe('the rate and the rounding', () => {
  it('takes the currency rate of Configuraciones when none is typed, and rounds the product once', async () => {
    const saleId = await newSale();
    // 12.345 CLP * 0.00105 = 12.96225 -> 12.96.
    const clp = await pay(saleId, { amount: '12345', currency: 'clp' });
    expect(clp.statusCode, clp.body).toBe(201);
    expect(clp.json().payment).toEqual(
      expect.objectContaining({
        amount: 12345,
        currency: 'CLP',
        exchangeRate: 0.00105,
        rateEdited: false,
        usdAmount: 12.96,
      }),
    );
    // 1.15 EUR * 1.1 = 1.265 exactly -> 1.27 (in floating point 1.2649999... would round to 1.26).
    const eur = await pay(saleId, { amount: '1.15', currency: 'EUR', exchangeRate: 1.1 });
    expect(eur.json().payment).toEqual(expect.objectContaining({ usdAmount: 1.27, rateEdited: false }));
    expect((await get(`/api/sales/${saleId}`)).totalPaid).toBe(14.23);
  });

  it("keeps the original client's body: no currency means the sale currency at its rate, and replies the new fields", async () => {
    const saleId = await newSale();
    const res = await pay(saleId, { amount: 100, reference: 'TRX-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toEqual(
      expect.objectContaining({
        amount: 100,
        currency: 'USD',
        exchangeRate: 1,
        rateEdited: false,
        usdAmount: 100,
      }),
    );
  });

  it('lists the active currencies and their rates to whoever registers payments', async () => {
    for (const who of ['admin', 'sales', 'finance'] as const) {
      expect((await get('/api/payments/currencies', who)).currencies).toEqual(
        expect.arrayContaining([
          { currency: 'CLP', rate: 0.00105 },
          { currency: 'EUR', rate: 1.1 },
          { currency: 'USD', rate: 1 },
        ]),
      );
    }
  });
});

describe('refused payments store nothing', () => {
  let saleId: number;
  beforeAll(async () => {
    saleId = await newSale();
  });

  it('refuses a currency without an active rate with 409', async () => {
    const eur = (await get('/api/company/currency-rates')).data.find(
      (r: { currency: string }) => r.currency === 'EUR',
    );
    expect((await call('PATCH', `/api/company/currency-rates/${eur.id}/toggle`, 'admin')).statusCode).toBe(
      200,
    );
    try {
      const res = await pay(saleId, { amount: 10, currency: 'EUR' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('No hay una tasa de cambio activa para EUR');
      expect(
        (await get('/api/payments/currencies')).currencies.map((c: { currency: string }) => c.currency),
      ).not.toContain('EUR');
    } finally {
      await call('PATCH', `/api/company/currency-rates/${eur.id}/toggle`, 'admin');
    }
    const jpy = await pay(saleId, { amount: 10, currency: 'JPY' });
    expect([jpy.statusCode, jpy.json().message]).toEqual([409, 'No hay una tasa de cambio activa para JPY']);
    expect(await storedPayments(saleId)).toBe(0);
  });

  it('refuses a rate or a currency of the wrong type, never coercing it', async () => {
    const bad = [
      { exchangeRate: true },
      { exchangeRate: '0x10' },
      { exchangeRate: [2] },
      { exchangeRate: '1e1' },
      { exchangeRate: 0 },
      { exchangeRate: -1 },
      { exchangeRate: '0.000000001' },
      { exchangeRate: '1\u0007' },
      { currency: true },
      { currency: '0x10' },
      { currency: [2] },
      { currency: 'PESOS' },
    ];
    for (const body of bad) {
      const res = await pay(saleId, { amount: 10, currency: 'CLP', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[a-záéíóú]/);
    }
    expect(await storedPayments(saleId)).toBe(0);
  });

  it('refuses a USD rate other than 1 and a payment worth less than a cent', async () => {
    const usd = await pay(saleId, { amount: 10, currency: 'USD', exchangeRate: 2 });
    expect([usd.statusCode, usd.json().message]).toEqual([400, 'La tasa de USD es siempre 1']);
    const tiny = await pay(saleId, { amount: 1, currency: 'CLP' });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe(
      'El pago equivale a menos de US$ 0.01: revisa el monto o la tasa de cambio',
    );
    expect(await storedPayments(saleId)).toBe(0);
  });
});
