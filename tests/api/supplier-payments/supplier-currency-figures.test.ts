import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A supplier's balance names what it is owed and was paid in each currency, each in its own, beside the
 * USD figures that total them at each sale's frozen rate (docs/decisions/0090-supplier-costs-per-currency.md).
 */

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales', Record<string, string>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ok = async (method: Method, url: string, who: keyof typeof h, payload?: object, status = 200) => {
  const res = await ctx.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** A sale of the refs' supplier in `currency`, one item per cost. */
const saleIn = async (currency: string, costs: string[], status?: 'draft') =>
  (
    await ok(
      'POST',
      '/api/sales',
      'sales',
      saleBody(refs, ctx.users.sales.id, {
        saleData: { currency, ...(status && { status }) },
        items: costs.map((costPrice) => itemBody(refs, { salePrice: '2000000', costPrice })),
      }),
      201,
    )
  ).sale;

const supplierPayment = (amount: string, currency: string) =>
  ok(
    'POST',
    '/api/supplier-payments',
    'admin',
    {
      supplierId: refs.supplier.id,
      amount,
      currency,
      paymentDate: '2031-01-05',
      paymentMethod: 'transfer',
      description: 'Pago del hotel',
    },
    201,
  );

const detailOf = async () => ok('GET', `/api/supplier-payments/supplier/${refs.supplier.id}/sales`, 'admin');

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'moneda-prov');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales') };
  // 1 USD = 1.000 CLP exactly: every peso figure has an exact dollar value.
  await ok('PUT', '/api/company/currency-rates', 'admin', {
    rates: [{ currency: 'CLP', unitsPerUsd: '1000' }],
  });
});
afterAll(() => ctx.close());

describe("a supplier's figures per currency", () => {
  it('name its peso and dollar costs and payments, each in its own, beside the USD totals', async () => {
    const pesos = await saleIn('CLP', ['1250000', '250000']);
    const dollars = await saleIn('USD', ['400.50']);
    // A draft owes the supplier nothing, in any currency.
    await saleIn('CLP', ['999000'], 'draft');
    await supplierPayment('500000', 'CLP');
    await supplierPayment('100.25', 'USD');

    const supplier = await detailOf();
    expect(supplier.byCurrency).toEqual([
      { currency: 'USD', grossAmount: 400.5, paidAmount: 100.25 },
      { currency: 'CLP', grossAmount: 1_500_000, paidAmount: 500_000 },
    ]);
    // The USD figures total them: 1.500.000 pesos are US$ 1,500.00 at the sales' rate.
    expect(supplier).toMatchObject({ grossAmount: 1900.5, paidAmount: 600.25, pendingAmount: 1300.25 });
    const rows = new Map(supplier.sales.map((s: { id: number }) => [s.id, s]));
    expect(rows.get(pesos.id)).toMatchObject({
      currency: 'CLP',
      costInSaleCurrency: 1_500_000,
      totalCost: 1500,
    });
    expect(rows.get(dollars.id)).toMatchObject({
      currency: 'USD',
      costInSaleCurrency: 400.5,
      totalCost: 400.5,
    });

    // The list of suppliers carries the same figures.
    const { suppliers } = await ok('GET', '/api/supplier-payments/suppliers/sales', 'admin');
    const listed = suppliers.find((s: { supplierId: number }) => s.supplierId === refs.supplier.id);
    expect(listed.byCurrency).toEqual(supplier.byCurrency);
  });

  it('follow an edit, a currency change and a cancellation of the sale', async () => {
    const sale = await saleIn('CLP', ['300000']);
    const before = (await detailOf()).byCurrency;
    const clpBefore = before.find((f: { currency: string }) => f.currency === 'CLP').grossAmount;

    // Moved to dollars before anything was paid on it: its cost leaves the pesos.
    await ok('PUT', `/api/sales/${sale.id}`, 'admin', {
      ...saleBody(refs, ctx.users.sales.id, {
        saleData: { currency: 'USD' },
        items: [itemBody(refs, { salePrice: '900', costPrice: '250.75' })],
      }),
      version: sale.version,
    });
    let figures = (await detailOf()).byCurrency;
    expect(figures.find((f: { currency: string }) => f.currency === 'CLP').grossAmount).toBe(
      clpBefore - 300_000,
    );
    expect(figures.find((f: { currency: string }) => f.currency === 'USD').grossAmount).toBe(400.5 + 250.75);

    await ok('PUT', `/api/sales/${sale.id}`, 'admin', { status: 'cancelled' });
    figures = (await detailOf()).byCurrency;
    expect(figures.find((f: { currency: string }) => f.currency === 'USD').grossAmount).toBe(400.5);
  });
});
