import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEntry } from '../../helpers/audit';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * A pending payment is confirmed or deleted, and finance registers and confirms payments
 * (docs/decisions/0043).
 */
let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'confirma');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
});
afterAll(() => ctx.close());

type Who = keyof typeof h;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });

/** A sale of 1500.50 sold by `sellerId`. */
async function newSale(sellerId = ctx.users.sales.id): Promise<number> {
  return (await call('POST', '/api/sales', 'admin', saleBody(refs, sellerId))).json().sale.id;
}
async function pendingPayment(saleId: number, who: Who = 'sales'): Promise<number> {
  const res = await call('POST', '/api/payments', who, {
    saleId,
    date: '2031-01-05',
    amount: '400.25',
    status: 'pending',
  });
  expect(res.statusCode).toBe(201);
  return res.json().payment.id;
}
const paidOf = async (saleId: number) =>
  (await call('GET', `/api/sales/${saleId}`, 'admin')).json().totalPaid;

describe('POST /api/payments/{id}/confirm', () => {
  it('turns a pending payment into a confirmed one, counts it as paid and records it', async () => {
    const saleId = await newSale();
    const id = await pendingPayment(saleId);
    expect(await paidOf(saleId)).toBe(0);
    const res = await call('POST', `/api/payments/${id}/confirm`, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Pago confirmado',
      payment: expect.objectContaining({ id, status: 'confirmed', amount: 400.25 }),
    });
    expect(await paidOf(saleId)).toBe(400.25);
    const entry = await latestEntry(ctx, 'payment', id);
    expect(entry).toEqual(
      expect.objectContaining({
        action: 'status',
        changes: [{ field: 'status', from: 'pending', to: 'confirmed' }],
      }),
    );
  });

  it('refuses a payment already confirmed (409) and one on a cancelled sale (409)', async () => {
    const saleId = await newSale();
    const id = await pendingPayment(saleId);
    await call('POST', `/api/payments/${id}/confirm`, 'admin');
    const again = await call('POST', `/api/payments/${id}/confirm`, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El pago ya está confirmado');

    const cancelledSale = await newSale();
    const pending = await pendingPayment(cancelledSale);
    await call('PUT', `/api/sales/${cancelledSale}`, 'admin', { status: 'cancelled' });
    const refused = await call('POST', `/api/payments/${pending}/confirm`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(await paidOf(cancelledSale)).toBe(0);
  });

  it('is 404 for a seller on another seller’s sale', async () => {
    const other = await insertUser(ctx.db, 'sales', 'otro-vendedor');
    const saleId = await newSale(other.id);
    const id = await pendingPayment(saleId, 'admin');
    expect((await call('POST', `/api/payments/${id}/confirm`, 'sales')).statusCode).toBe(404);
    expect((await call('POST', '/api/payments/999999/confirm', 'admin')).statusCode).toBe(404);
  });
});

describe('deleting a pending payment', () => {
  it('removes it, leaves the paid total alone and records the deletion', async () => {
    const saleId = await newSale();
    const id = await pendingPayment(saleId);
    const res = await call('DELETE', `/api/payments/${id}`, 'sales');
    expect(res.json()).toEqual({ message: 'Pago eliminado' });
    expect((await call('GET', `/api/payments/${id}`, 'admin')).statusCode).toBe(404);
    expect(await paidOf(saleId)).toBe(0);
    expect((await latestEntry(ctx, 'payment', id)).action).toBe('delete');
  });
});

describe('finance collects (decision 0043)', () => {
  it('registers a payment on any sale and confirms a pending one', async () => {
    const saleId = await newSale();
    const registered = await call('POST', '/api/payments', 'finance', {
      saleId,
      date: '2031-01-08',
      amount: 100,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().payment.status).toBe('confirmed');
    const id = await pendingPayment(saleId, 'finance');
    expect((await call('POST', `/api/payments/${id}/confirm`, 'finance')).statusCode).toBe(200);
    expect(await paidOf(saleId)).toBe(500.25);
    expect((await latestEntry(ctx, 'payment', id)).user.id).toBe(ctx.users.finance.id);
  });

  it('still cannot edit or delete payments, nor edit or change sales (403)', async () => {
    const saleId = await newSale();
    const id = await pendingPayment(saleId);
    expect((await call('PUT', `/api/payments/${id}`, 'finance', { amount: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/payments/${id}`, 'finance')).statusCode).toBe(403);
    expect((await call('PUT', `/api/sales/${saleId}`, 'finance', { status: 'completed' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/sales', 'finance', saleBody(refs, ctx.users.finance.id))).statusCode,
    ).toBe(403);
  });
});
