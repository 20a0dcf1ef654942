import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/product.md#conventions: a PUT that leaves a field out keeps its stored value; a default belongs to a
 * creation only. Each case fails when the update schema gives the field its create default.
 */
let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'conserva');
  await call('PUT', '/api/company/currency-rates', { rates: [{ currency: 'USD', rate: 1 }] });
});
afterAll(() => ctx.close());

describe('PUT /api/payments/{id}', () => {
  async function pendingPayment() {
    const sale = (await call('POST', '/api/sales', saleBody(refs, ctx.users.sales.id))).json().sale;
    const res = await call('POST', '/api/payments', {
      saleId: sale.id,
      date: '2031-01-05',
      amount: 100,
      method: 'transfer',
      reference: 'TRX-9',
      status: 'pending',
    });
    return { saleId: sale.id as number, id: res.json().payment.id as number };
  }

  it("with the original client's body (date, amount, method, reference) keeps a pending payment pending", async () => {
    const { saleId, id } = await pendingPayment();
    const res = await call('PUT', `/api/payments/${id}`, {
      date: '2031-01-06',
      amount: 120,
      method: 'transfer',
      reference: 'TRX-10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toEqual(expect.objectContaining({ status: 'pending', amount: 120 }));
    expect((await call('GET', `/api/sales/${saleId}`)).json().totalPaid).toBe(0);
  });

  it('without method or reference keeps them; null clears the reference', async () => {
    const { id } = await pendingPayment();
    const kept = await call('PUT', `/api/payments/${id}`, { date: '2031-01-07', amount: 130 });
    expect(kept.json().payment).toEqual(
      expect.objectContaining({ method: 'transfer', reference: 'TRX-9', date: '2031-01-07', amount: 130 }),
    );
    const cleared = await call('PUT', `/api/payments/${id}`, { reference: null });
    expect(cleared.statusCode).toBe(200);
    expect('reference' in cleared.json().payment).toBe(false);
    expect(cleared.json().payment).toEqual(expect.objectContaining({ amount: 130, status: 'pending' }));
  });

  it('still refuses a blank date or a bad amount (400)', async () => {
    const { id } = await pendingPayment();
    expect((await call('PUT', `/api/payments/${id}`, { date: '' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/payments/${id}`, { amount: 0 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/payments/${id}`, { status: 'paid' })).statusCode).toBe(400);
  });
});

describe('PUT /api/company/currency-rates', () => {
  it('a rate PUT with only `rate` keeps an inactive rate inactive', async () => {
    const rate = (await call('POST', '/api/company/currency-rates', { currency: 'PEN', rate: 0.27 })).json()
      .data;
    await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`);
    const res = await call('PUT', `/api/company/currency-rates/${rate.id}`, { rate: 0.28 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ rate: 0.28, isActive: false }));
    const flagOnly = await call('PUT', `/api/company/currency-rates/${rate.id}`, { isActive: true });
    expect(flagOnly.json().data).toEqual(expect.objectContaining({ rate: 0.28, isActive: true }));
  });

  it('the list PUT without isActive keeps an existing rate’s flag and creates a new one active', async () => {
    const rate = (await call('POST', '/api/company/currency-rates', { currency: 'BRL', rate: 0.2 })).json()
      .data;
    await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`);
    const res = await call('PUT', '/api/company/currency-rates', {
      rates: [
        { currency: 'BRL', rate: 0.21 },
        { currency: 'MXN', rate: 0.055 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(res.json().data.map((r: { currency: string }) => [r.currency, r]));
    expect(byCode.BRL).toEqual(expect.objectContaining({ rate: 0.21, isActive: false }));
    expect(byCode.MXN).toEqual(expect.objectContaining({ rate: 0.055, isActive: true }));
  });
});

describe('PUT /api/supplier-payments/{id}', () => {
  it('without method, reference, currency or related sales keeps them', async () => {
    await call('PUT', '/api/company/currency-rates', { rates: [{ currency: 'EUR', rate: 1.08 }] });
    const sale = (await call('POST', '/api/sales', saleBody(refs, ctx.users.sales.id))).json().sale;
    const created = await call('POST', '/api/supplier-payments', {
      supplierId: refs.supplier.id,
      amount: 100,
      currency: 'EUR',
      paymentDate: '2031-01-10',
      paymentMethod: 'check',
      description: 'Pago con cheque',
      reference: 'CH-77',
      relatedSales: [sale.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().payment.id;
    const res = await call('PUT', `/api/supplier-payments/${id}`, {
      supplierId: refs.supplier.id,
      amount: 150,
      paymentDate: '2031-01-11',
      description: 'Pago con cheque, corregido',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toEqual(
      expect.objectContaining({
        amount: 150,
        currency: 'EUR',
        rateToUsd: 1.08,
        amountUsd: 162,
        paymentMethod: 'check',
        reference: 'CH-77',
        description: 'Pago con cheque, corregido',
        relatedSales: [expect.objectContaining({ id: sale.id })],
      }),
    );
    const partial = await call('PUT', `/api/supplier-payments/${id}`, { amount: 10, reference: '' });
    expect(partial.json().payment).toEqual(
      expect.objectContaining({ amount: 10, paymentMethod: 'check', paymentDate: '2031-01-11' }),
    );
    expect('reference' in partial.json().payment).toBe(false);
  });
});
