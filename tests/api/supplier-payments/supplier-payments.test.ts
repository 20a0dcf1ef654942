import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierPayments } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A sale whose only item costs `cost` with the test supplier. */
async function saleCosting(cost: string) {
  const body = saleBody(refs, ctx.users.sales.id, {
    items: [
      {
        classificationId: refs.classification.id,
        supplierId: refs.supplier.id,
        operatorId: refs.operator.id,
        passengers: [refs.passengers[0]?.id],
        salePrice: '5000',
        costPrice: cost,
      },
    ],
  });
  return (await call('POST', '/api/sales', body)).json().sale as { id: number };
}
const pay = (body: object) =>
  call('POST', '/api/supplier-payments', {
    supplierId: refs.supplier.id,
    amount: 100,
    currency: 'USD',
    paymentDate: '2031-01-10',
    paymentMethod: 'transfer',
    description: 'Pago de prueba',
    ...body,
  });
const summary = async () =>
  (await call('GET', `/api/supplier-payments/supplier/${refs.supplier.id}/sales`)).json();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'prov');
  await call('PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'EUR', rate: 1.0825 },
      { currency: 'CLP', rate: 0.00105263 },
    ],
  });
});
afterAll(() => ctx.close());

describe('supplier balances', () => {
  it('are exact to the cent across USD, EUR and CLP payments, and ignore cancelled sales', async () => {
    await saleCosting('1000.10');
    await saleCosting('2500.55');
    const cancelled = await saleCosting('999.99');
    await call('PUT', `/api/sales/${cancelled.id}`, { status: 'cancelled' });
    expect(await summary()).toEqual(
      expect.objectContaining({
        totalAmount: 3500.65,
        grossAmount: 3500.65,
        paidAmount: 0,
        pendingAmount: 3500.65,
        salesCount: 2,
        currency: 'USD',
      }),
    );
    const usd = await pay({ amount: '100.01' });
    expect(usd.statusCode).toBe(201);
    // 250.50 EUR x 1.0825 = 271.16625 -> 271.17; 950,000 CLP x 0.00105263 = 999.9985 -> 1000.00
    const eur = (await pay({ amount: '250.50', currency: 'EUR' })).json().payment;
    expect(eur).toEqual(expect.objectContaining({ rateToUsd: 1.0825, amountUsd: 271.17, currency: 'EUR' }));
    const clp = (await pay({ amount: 950000, currency: 'CLP', paymentMethod: 'cash' })).json().payment;
    expect(clp.amountUsd).toBe(1000);
    const after = await summary();
    expect(after.paidAmount).toBe(1371.18);
    expect(after.pendingAmount).toBe(2129.47);
    expect(after.grossAmount).toBe(3500.65);
  });

  it('a later rate change leaves what was already paid unchanged', async () => {
    const before = await summary();
    const rates = (await call('GET', '/api/company/currency-rates')).json().data;
    const eur = rates.find((r: { currency: string }) => r.currency === 'EUR');
    await call('PUT', `/api/company/currency-rates/${eur.id}`, { rate: 2, isActive: true });
    expect(await summary()).toEqual(before);
  });

  it('refuses a currency without an active rate (409) and stores nothing', async () => {
    const rates = (await call('GET', '/api/company/currency-rates')).json().data;
    const clp = rates.find((r: { currency: string }) => r.currency === 'CLP');
    await call('PATCH', `/api/company/currency-rates/${clp.id}/toggle`);
    const [before] = await ctx.db.select({ n: count() }).from(supplierPayments);
    const res = await pay({ currency: 'CLP' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No hay una tasa de cambio activa para CLP');
    const [after] = await ctx.db.select({ n: count() }).from(supplierPayments);
    expect(after?.n).toBe(before?.n);
    await call('PATCH', `/api/company/currency-rates/${clp.id}/toggle`);
  });

  it('lists suppliers with pending amounts, badges and their latest sales; stats agree', async () => {
    const list = (await call('GET', '/api/supplier-payments/suppliers/sales?q=prov')).json().suppliers;
    expect(list).toHaveLength(1);
    // The cancelled sale is left out here, as from the amounts and salesCount: two sales remain.
    expect(list[0].sales).toHaveLength(list[0].salesCount);
    expect(list[0].sales).toHaveLength(2);
    expect(list[0].sales.map((s: { status: string }) => s.status)).not.toContain('cancelled');
    expect(list[0].sales[0]).toEqual(
      expect.objectContaining({ passengerName: expect.any(String), creationDate: expect.any(String) }),
    );
    const stats = (await call('GET', '/api/supplier-payments/stats')).json().stats;
    expect(stats).toEqual({
      totalPending: 2129.47,
      suppliersWithPending: 1,
      activeSuppliers: 1,
      totalSales: 2,
    });
  });
});

describe('supplier payments CRUD', () => {
  it('links related sales of that supplier only', async () => {
    const sale = await saleCosting('10.00');
    const ok = await pay({ relatedSales: [sale.id, sale.id] });
    expect(ok.json().payment.relatedSales).toEqual([{ id: sale.id, passengerName: expect.any(String) }]);
    const other = await call('POST', '/api/suppliers', { name: 'Otro proveedor sin ventas' });
    const foreign = await pay({ supplierId: other.json().supplier.id, relatedSales: [sale.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('relatedSales');
  });

  it('edits keep the frozen rate for the same currency, and delete removes the payment', async () => {
    const created = (await pay({ amount: '10.00', currency: 'EUR' })).json().payment;
    const rates = (await call('GET', '/api/company/currency-rates')).json().data;
    const eur = rates.find((r: { currency: string }) => r.currency === 'EUR');
    await call('PUT', `/api/company/currency-rates/${eur.id}`, { rate: 3, isActive: true });
    const edited = await call('PUT', `/api/supplier-payments/${created.id}`, {
      supplierId: refs.supplier.id,
      amount: '20.00',
      currency: 'EUR',
      paymentDate: '2031-02-01',
      paymentMethod: 'check',
      description: 'Editado',
    });
    expect(edited.json().payment).toEqual(
      expect.objectContaining({ amount: 20, rateToUsd: created.rateToUsd, paymentMethod: 'check' }),
    );
    const history = (await call('GET', `/api/supplier-payments/supplier/${refs.supplier.id}/history`)).json()
      .payments;
    expect(history.map((p: { id: number }) => p.id)).toContain(created.id);
    expect((await call('DELETE', `/api/supplier-payments/${created.id}`)).json()).toEqual({
      message: 'Pago eliminado',
    });
    expect((await call('GET', `/api/supplier-payments/${created.id}`)).statusCode).toBe(404);
  });

  it("refuses bad input with the product's message", async () => {
    for (const body of [
      { amount: 0 },
      { amount: -1 },
      { supplierId: '' },
      { description: '' },
      { paymentDate: '' },
    ]) {
      const res = await pay(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('Por favor completa todos los campos requeridos');
    }
    // An amount that is there but out of range says why (decision 0082).
    expect((await pay({ amount: '1.001' })).json().message).toBe('El monto admite como máximo 2 decimales');
    expect((await pay({ currency: 'ARS' })).statusCode).toBe(400);
    expect((await pay({ paymentMethod: 'crypto' })).statusCode).toBe(400);
    expect((await pay({ supplierId: 999999 })).statusCode).toBe(400);
  });

  it('is refused to sales and finance', async () => {
    for (const who of ['sales', 'finance'] as const) {
      const headers = await ctx.auth(who);
      expect(
        (await call('GET', '/api/supplier-payments/suppliers/sales', undefined, headers)).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', '/api/supplier-payments', { supplierId: refs.supplier.id }, headers)).statusCode,
      ).toBe(403);
    }
  });
});

describe('rates at full precision', () => {
  it('a CLP 500,000 payment at 0.00105 is worth exactly USD 525.00, the rate stored and applied unrounded', async () => {
    const rates = (await call('GET', '/api/company/currency-rates')).json().data;
    const clp = rates.find((r: { currency: string }) => r.currency === 'CLP');
    // Shown as 0.0011 with four decimals, which would make the payment worth 550.00.
    const saved = await call('PUT', `/api/company/currency-rates/${clp.id}`, {
      rate: '0.00105',
      isActive: true,
    });
    expect(saved.json().data).toEqual(expect.objectContaining({ currency: 'CLP', rate: 0.00105 }));
    const paid = await pay({ amount: '500000', currency: 'CLP' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toEqual(
      expect.objectContaining({ amount: 500000, currency: 'CLP', rateToUsd: 0.00105, amountUsd: 525 }),
    );
    const [row] = await ctx.db
      .select({ rate: supplierPayments.rateToUsd, usd: supplierPayments.amountUsd })
      .from(supplierPayments)
      .where(eq(supplierPayments.id, paid.json().payment.id));
    expect(row).toEqual({ rate: '0.0010500000000000', usd: '525.00' });
  });

  it('keeps the server strict: an amount or a rate with a decimal comma is 400, nothing stored', async () => {
    const [before] = await ctx.db.select({ n: count() }).from(supplierPayments);
    for (const amount of ['800,50', '1.250,75']) {
      const res = await pay({ amount });
      expect(res.statusCode, amount).toBe(400);
    }
    const [after] = await ctx.db.select({ n: count() }).from(supplierPayments);
    expect(after?.n).toBe(before?.n);
    const rate = await call('POST', '/api/company/currency-rates', { currency: 'GBP', rate: '1,27' });
    expect(rate.statusCode).toBe(400);
  });
});
