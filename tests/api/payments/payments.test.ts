import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'pagos');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A sale of 1500.50 owned by `sellerId`. */
async function newSale(sellerId = ctx.users.sales.id) {
  const res = await call('POST', '/api/sales', h.admin, saleBody(refs, sellerId));
  return res.json().sale as { id: number };
}
const pay = (saleId: number, body: object = {}, who: 'admin' | 'sales' | 'finance' = 'sales') =>
  call('POST', '/api/payments', h[who], {
    saleId,
    date: '2031-01-05',
    amount: 100,
    method: 'transfer',
    reference: 'TRX-1',
    ...body,
  });

describe('payments on a sale', () => {
  it('registers, edits and lists payments; only confirmed ones count as paid', async () => {
    const sale = await newSale();
    const first = await pay(sale.id, { amount: '1000.25' });
    expect(first.statusCode).toBe(201);
    expect(first.json().payment).toEqual(
      expect.objectContaining({
        saleId: sale.id,
        amount: 1000.25,
        method: 'transfer',
        status: 'confirmed',
        date: '2031-01-05',
        currency: 'USD',
      }),
    );
    await pay(sale.id, { amount: 300, status: 'pending', method: 'cash', reference: '' });
    let detail = (await call('GET', `/api/sales/${sale.id}`, h.sales)).json();
    expect(detail.totalPaid).toBe(1000.25);
    expect(detail.balance).toBe(500.25);

    const edited = await call('PUT', `/api/payments/${first.json().payment.id}`, h.sales, {
      date: '2031-01-06',
      amount: '1500.50',
      method: 'creditCard',
      reference: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().payment).toEqual(expect.objectContaining({ amount: 1500.5, method: 'creditCard' }));
    expect('reference' in edited.json().payment).toBe(false);
    detail = (await call('GET', `/api/sales/${sale.id}`, h.sales)).json();
    expect(detail.balance).toBe(0);

    const list = (await call('GET', `/api/payments/sale/${sale.id}`, h.finance)).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((p: { amount: number }) => p.amount).sort()).toEqual([1500.5, 300]);
  });

  it('shows an overpayment as a negative balance (a credit for the client)', async () => {
    const sale = await newSale();
    await pay(sale.id, { amount: 2000 });
    expect((await call('GET', `/api/sales/${sale.id}`, h.sales)).json().balance).toBe(-499.5);
  });

  it("refuses bad amounts and a missing date with the product's message and stores nothing", async () => {
    const sale = await newSale();
    const [before] = await ctx.db.select({ n: count() }).from(payments);
    for (const amount of [0, -5, '10.123', 'diez', null, 1e15]) {
      const res = await pay(sale.id, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toBe('Please enter a valid amount');
    }
    const noDate = await pay(sale.id, { date: '' });
    expect(noDate.json().message).toBe('La fecha de pago es requerida');
    expect((await pay(sale.id, { method: 'bitcoin' })).statusCode).toBe(400);
    expect((await pay(sale.id, { status: 'paid' })).statusCode).toBe(400);
    const [after] = await ctx.db.select({ n: count() }).from(payments);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses payments on a cancelled sale', async () => {
    const sale = await newSale();
    await call('PUT', `/api/sales/${sale.id}`, h.admin, { status: 'cancelled' });
    const res = await pay(sale.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se pueden registrar pagos en una venta cancelada');
  });
});

describe('ownership', () => {
  it('a seller cannot see or touch payments of another seller’s sale (404); finance reads and registers', async () => {
    const other = await insertUser(ctx.db, 'sales', 'ajeno');
    const foreign = await newSale(other.id);
    const payment = (await pay(foreign.id, {}, 'admin')).json().payment;
    expect((await pay(foreign.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/payments/${payment.id}`, h.sales)).statusCode).toBe(404);
    expect((await call('GET', `/api/payments/sale/${foreign.id}`, h.sales)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/payments/${payment.id}`, h.sales, { date: '2031-01-01', amount: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/payments/${payment.id}`, h.sales)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/payments?limit=100', h.sales)).json().payments;
    expect(listed.some((p: { id: number }) => p.id === payment.id)).toBe(false);
    expect((await call('GET', `/api/payments/${payment.id}`, h.finance)).statusCode).toBe(200);
    // Finance registers payments on any sale (decision 0043), but does not edit them.
    expect((await pay(foreign.id, {}, 'finance')).statusCode).toBe(201);
    expect(
      (await call('PUT', `/api/payments/${payment.id}`, h.finance, { date: '2031-01-01', amount: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /api/payments', () => {
  it('filters by status, method and search, newest first, with the totals of what is listed', async () => {
    const sale = await newSale();
    await pay(sale.id, { amount: '10.10', method: 'cash', reference: 'FILTRO-A', date: '2031-03-01' });
    await pay(sale.id, {
      amount: '20.20',
      method: 'cash',
      reference: 'FILTRO-B',
      status: 'pending',
      date: '2031-03-02',
    });
    await pay(sale.id, { amount: '30.30', method: 'transfer', reference: 'FILTRO-C', date: '2031-03-03' });
    const all = (await call('GET', '/api/payments?q=filtro', h.admin)).json();
    expect(all.payments.map((p: { reference: string }) => p.reference)).toEqual([
      'FILTRO-C',
      'FILTRO-B',
      'FILTRO-A',
    ]);
    expect(all.totals).toEqual({ confirmed: 40.4, pending: 20.2 });
    expect(all.pagination.total).toBe(3);
    expect(all.payments[0].sale).toEqual(
      expect.objectContaining({ id: sale.id, clientName: refs.client.name }),
    );
    const cash = (await call('GET', '/api/payments?q=filtro&method=cash&status=confirmed', h.admin)).json();
    expect(cash.payments.map((p: { reference: string }) => p.reference)).toEqual(['FILTRO-A']);
    const byClient = (
      await call('GET', `/api/payments?q=${encodeURIComponent(refs.client.name.toLowerCase())}`, h.admin)
    ).json();
    expect(byClient.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it('stats sum confirmed and pending separately, per method', async () => {
    const stats = (await call('GET', '/api/payments/stats', h.finance)).json().stats;
    const listed = (await call('GET', '/api/payments?limit=100', h.finance)).json();
    expect(stats.totalConfirmed).toBe(listed.totals.confirmed);
    expect(stats.totalPending).toBe(listed.totals.pending);
    expect(stats.count).toBe(listed.pagination.total);
    expect(Object.keys(stats.byMethod).sort()).toEqual(['cash', 'creditCard', 'transfer']);
  });

  it('takes the Chilean methods besides the three of the spec, and refuses one it does not know', async () => {
    const sale = await newSale();
    for (const method of ['debitCard', 'check', 'deposit']) {
      const res = await pay(sale.id, { method, amount: 10 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().payment.method).toBe(method);
    }
    const listed = (await call('GET', '/api/payments?method=check', h.admin)).json();
    expect(listed.payments.every((p: { method: string }) => p.method === 'check')).toBe(true);
    expect(listed.payments.length).toBeGreaterThanOrEqual(1);
    const bad = await pay(sale.id, { method: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'method', message: 'Método de pago inválido' });
  });

  it('deletes a payment', async () => {
    const sale = await newSale();
    const payment = (await pay(sale.id)).json().payment;
    expect((await call('DELETE', `/api/payments/${payment.id}`, h.sales)).json()).toEqual({
      message: 'Pago eliminado',
    });
    expect((await call('GET', `/api/payments/${payment.id}`, h.admin)).statusCode).toBe(404);
  });
});
