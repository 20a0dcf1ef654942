import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../src/server/db/schema';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from '../../helpers/sales';
import { rowsOf } from '../../helpers/scratch-databases';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A sale priced in pesos (docs/decisions/0085-sale-currency.md): its prices, paid and pending are in
 * CLP, a payment in another currency counts by its value in pesos, and every USD figure adds the sale's
 * USD value at the rate frozen when it was created.
 */

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales', Record<string, string>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: keyof typeof h, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: h[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: Method, url: string, who: keyof typeof h, payload?: unknown, status = 200) => {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const setRate = (currency: string, rate: number) =>
  ok('PUT', '/api/company/currency-rates', 'admin', { rates: [{ currency, rate }] });

/** 1 USD = 1.000 CLP exactly, so every conversion below is checkable by hand. */
const CLP_RATE = 0.001;

const pesoSale = async (prices: Array<[sale: number, cost: number]>, saleData: object = {}) => {
  const body = saleBody(refs, ctx.users.sales.id, {
    saleData: { currency: 'CLP', ...saleData },
    items: prices.map(([salePrice, costPrice]) => itemBody(refs, { salePrice, costPrice })),
  });
  return (await ok('POST', '/api/sales', 'sales', body, 201)).json().sale;
};
const pay = async (saleId: number, body: object) =>
  (
    await ok(
      'POST',
      '/api/payments',
      'sales',
      { saleId, date: '2031-01-05', method: 'transfer', ...body },
      201,
    )
  ).json().payment;
const detail = async (id: number) => (await ok('GET', `/api/sales/${id}`, 'admin')).json();
const revenue = async (): Promise<number> => (await ok('GET', '/api/sales/total', 'admin')).json().total;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'pesos-venta');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales') };
  await setRate('CLP', CLP_RATE);
  await setRate('EUR', 1.1);
});
afterAll(() => ctx.close());

describe('a sale in pesos', () => {
  it('keeps its currency and the rate of the day, and replies its USD values beside its own', async () => {
    const sale = await pesoSale([
      [1_250_000, 1_000_000],
      [45_000, 30_000],
    ]);
    expect(sale).toMatchObject({
      currency: 'CLP',
      exchangeRate: CLP_RATE,
      salePrice: 1_295_000,
      totalCost: 1_030_000,
      salePriceUsd: 1295,
      totalCostUsd: 1030,
      totalPaid: 0,
      balance: 1_295_000,
    });
  });

  it('is paid to the peso in CLP and USD together, and leaves Cobranza when it owes 0', async () => {
    const sale = await pesoSale([[1_500_000, 1_200_000]]);
    const inPesos = await pay(sale.id, { amount: 1_000_000, currency: 'CLP' });
    expect(inPesos).toMatchObject({
      amount: 1_000_000,
      currency: 'CLP',
      saleAmount: 1_000_000,
      usdAmount: 1000,
    });
    expect(await detail(sale.id)).toMatchObject({ totalPaid: 1_000_000, balance: 500_000 });
    const client = (await ok('GET', `/api/reports/receivables/${refs.client.id}`, 'admin')).json();
    const row = client.sales.find((s: { saleId: number }) => s.saleId === sale.id);
    expect(row).toMatchObject({ currency: 'CLP', pendingAmount: 500_000, pendingAmountUsd: 500 });

    const inDollars = await pay(sale.id, { amount: 500, currency: 'USD' });
    expect(inDollars).toMatchObject({ amount: 500, currency: 'USD', saleAmount: 500_000, usdAmount: 500 });
    expect(await detail(sale.id)).toMatchObject({ totalPaid: 1_500_000, balance: 0 });
    const after = (await ok('GET', `/api/reports/receivables/${refs.client.id}`, 'admin')).json();
    expect(after.sales.map((s: { saleId: number }) => s.saleId)).not.toContain(sale.id);

    const list = (
      await ok('GET', `/api/sales?q=${encodeURIComponent(refs.client.name)}&limit=100`, 'admin')
    ).json();
    expect(list.sales.find((s: { id: number }) => s.id === sale.id)).toMatchObject({
      paidAmount: 1_500_000,
      pendingAmount: 0,
    });
  });

  it('converts a payment in a third currency once, to whole pesos', async () => {
    const sale = await pesoSale([[100_000, 50_000]]);
    // EUR 10.01 at 1.1 USD is 11.011 USD, 11,011 pesos at 0.001 USD each.
    const paid = await pay(sale.id, { amount: 10.01, currency: 'EUR' });
    expect(paid.saleAmount).toBe(11_011);
    expect((await detail(sale.id)).balance).toBe(88_989);
  });

  it('adds its USD value to the dashboard, which does not move when the peso rate changes', async () => {
    const before = await revenue();
    await pesoSale([[2_000_000, 1_500_000]]);
    const after = await revenue();
    expect(after - before).toBeCloseTo(2000, 2);
    await setRate('CLP', 0.002);
    expect(await revenue()).toBe(after);
    await setRate('CLP', CLP_RATE);
  });

  it('refuses decimals in pesos, and a currency without an active rate', async () => {
    const decimals = await call(
      'POST',
      '/api/sales',
      'sales',
      saleBody(refs, ctx.users.sales.id, {
        saleData: { currency: 'CLP' },
        items: [itemBody(refs, { salePrice: 1500.5 })],
      }),
    );
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().errors).toContainEqual({
      path: 'items.0.salePrice',
      message: 'Los montos en CLP no llevan decimales',
    });
    const noRate = await call(
      'POST',
      '/api/sales',
      'sales',
      saleBody(refs, ctx.users.sales.id, {
        saleData: { currency: 'JPY' },
        items: [itemBody(refs, { salePrice: 1500, costPrice: 1200 })],
      }),
    );
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toBe(
      'No hay una tasa de cambio activa para JPY: agrégala en Configuraciones',
    );
    for (const currency of [true, 'PESOS', ['CLP'], 840]) {
      const res = await call(
        'POST',
        '/api/sales',
        'sales',
        saleBody(refs, ctx.users.sales.id, { saleData: { currency } }),
      );
      expect(res.statusCode, String(currency)).toBe(400);
    }
  });

  it('takes the spec body without a currency as a USD sale at rate 1', async () => {
    const sale = (await ok('POST', '/api/sales', 'sales', saleBody(refs, ctx.users.sales.id), 201)).json()
      .sale;
    expect(sale).toMatchObject({ currency: 'USD', exchangeRate: 1, salePrice: 1500.5, salePriceUsd: 1500.5 });
  });

  it("lets an admin correct the frozen rate, which moves the sale's USD values; not a seller", async () => {
    const sale = await pesoSale([[1_000_000, 800_000]]);
    const edit = (who: keyof typeof h, exchangeRate: string, version: number) =>
      call('PUT', `/api/sales/${sale.id}`, who, {
        ...saleBody(refs, ctx.users.sales.id, {
          saleData: { currency: 'CLP', exchangeRate },
          items: [itemBody(refs, { salePrice: 1_000_000, costPrice: 800_000 })],
        }),
        version,
      });
    const bySeller = await edit('sales', '0.0011', sale.version);
    expect(bySeller.statusCode).toBe(403);
    const byAdmin = await edit('admin', '0.0011', sale.version);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().sale).toMatchObject({
      exchangeRate: 0.0011,
      salePriceUsd: 1100,
      totalCostUsd: 880,
    });
  });
});

describe('receipts take the balance from the sale screen', () => {
  it('prints the balance after a payment in pesos on a USD sale', async () => {
    await setRate('CLP', 0.00105);
    const sale = (
      await ok(
        'POST',
        '/api/sales',
        'sales',
        saleBody(refs, ctx.users.sales.id, {
          items: [itemBody(refs, { salePrice: 3772.75, costPrice: 3000 })],
        }),
        201,
      )
    ).json().sale;
    const payment = await pay(sale.id, { amount: 1_500_000, currency: 'CLP' });
    expect(payment.saleAmount).toBe(1575);
    const screen = await detail(sale.id);
    expect(screen.balance).toBe(2197.75);
    const pdf = await ok('GET', `/api/payments/${payment.id}/receipt.pdf`, 'sales');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Saldo después de este pago:\s+US\$ 2,197\.75/);
    expect(text).not.toContain('-US$');
    await setRate('CLP', CLP_RATE);
  });

  it("prints a peso sale's receipt in pesos", async () => {
    const sale = await pesoSale([[1_500_000, 1_000_000]]);
    const payment = await pay(sale.id, { amount: 600_000, currency: 'CLP' });
    const text = await pdfText(
      (await ok('GET', `/api/payments/${payment.id}/receipt.pdf`, 'sales')).rawPayload,
    );
    expect(text).toMatch(/Saldo después de este pago:\s+CLP 900,000 /);
    const [stored] = await ctx.db
      .select({ saleAmount: payments.saleAmount })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(stored?.saleAmount).toBe('600000.00');
  });
});

describe("a peso sale's documents read what its screen shows", () => {
  it('prints the quote and the statement in pesos, without decimals', async () => {
    const draft = await pesoSale(
      [
        [1_250_000, 1_000_000],
        [45_000, 30_000],
      ],
      { status: 'draft' },
    );
    const quote = await pdfText((await ok('GET', `/api/sales/${draft.id}/quote.pdf`, 'sales')).rawPayload);
    expect(quote).toContain('CLP 1,250,000');
    expect(quote).toContain('CLP 45,000');
    expect(quote).toContain(`Total: CLP ${(1_295_000).toLocaleString('en-US')}`);
    expect(quote).not.toMatch(/CLP [\d,]+\.\d\d/);

    const sale = await pesoSale([[800_000, 600_000]]);
    await pay(sale.id, { amount: 300_000, currency: 'CLP' });
    const screen = await detail(sale.id);
    const statement = await ok('GET', `/api/clients/${refs.client.id}/statement?format=pdf`, 'admin');
    const text = await pdfText(statement.rawPayload);
    expect(text).toContain(`CLP 800,000`);
    expect(text).toContain(`CLP ${screen.balance.toLocaleString('en-US')}`);
  });
});

describe('the kept sums add USD values', () => {
  it('match a rebuild from the sales after peso sales, payments and a rate correction', async () => {
    const kept = async () =>
      rowsOf(
        await ctx.db.execute(sql`select
        (select json_agg(t order by seller_id, status, sale_type, service_type, region) from sales_summary t) as summary,
        (select json_agg(t order by client_id) from client_balances t) as clients,
        (select json_agg(t order by travel_date) from balance_days t) as days,
        (select json_agg(t order by supplier_id) from supplier_totals t) as suppliers,
        (select json_agg(t order by supplier_id, currency) from supplier_currency_totals t
          where total_cost <> 0) as supplier_currencies,
        (select json_agg(t order by supplier_id, sale_id) from supplier_sales t) as supplier_shares,
        (select json_agg(t order by dimension, date_field, day, key) from report_days t) as report`),
      );
    const before = await kept();
    await ctx.db.execute(
      sql`select rebuild_sales_aggregates(), rebuild_dues(), rebuild_receivable_sums(), rebuild_report_days()`,
    );
    expect(await kept()).toEqual(before);
  });
});
