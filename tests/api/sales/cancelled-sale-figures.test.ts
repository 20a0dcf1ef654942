import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../helpers/exports';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/*
 * A cancelled sale owes nothing (docs/decisions/0040-figures-that-agree.md): its pending amount is 0 on the
 * list, my-sales, the detail and the export, as Cobranza, the alerts and the dashboard already count it; what
 * was paid on it stays visible and is what must be refunded.
 */

let ctx: TestContext;
let refs: SaleRefs;
let saleId: number;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Who = 'admin') =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });
const get = async (url: string, who: Who = 'admin') => {
  const res = await call('GET', url, undefined, who);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** This test's sale as a list row: the client's name is unique to this file. */
const listed = async (path: string, who: Who = 'admin') =>
  (await get(`${path}?q=anulada`, who)).sales.find((s: { id: number }) => s.id === saleId);

/** A departure five days ahead, inside the alerts' look-ahead, so an open sale would be flagged. */
const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'anulada');
  const body = saleBody(refs, ctx.users.sales.id, { saleData: { travelDate: soon } });
  body.items = body.items.map((item) => ({ ...item, salePrice: '1000.00', costPrice: '800.00' }));
  const created = await call('POST', '/api/sales', body, 'sales');
  if (created.statusCode !== 201) throw new Error(created.body);
  saleId = created.json().sale.id;
  const payment = await call(
    'POST',
    '/api/payments',
    { saleId, date: soon, amount: '300.00', method: 'transfer', reference: 'ANUL-1' },
    'sales',
  );
  if (payment.statusCode !== 201) throw new Error(payment.body);
});
afterAll(() => ctx.close());

describe('a cancelled sale with a payment', () => {
  it('owes 700.00 while open, on the list and in the alerts', async () => {
    expect(await listed('/api/sales')).toEqual(
      expect.objectContaining({ paidAmount: 300, pendingAmount: 700 }),
    );
    const alerts = await get(`/api/alerts?saleId=${saleId}`);
    expect(alerts.counts['client-balance']).toBe(1);
  });

  it('owes nothing once cancelled: list, my-sales, detail and export say 0, with 300.00 to refund', async () => {
    const cancel = await call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' }, 'sales');
    expect(cancel.statusCode).toBe(200);

    for (const who of ['admin', 'finance'] as const) {
      expect(await listed('/api/sales', who)).toEqual(
        expect.objectContaining({ status: 'cancelled', paidAmount: 300, pendingAmount: 0 }),
      );
    }
    expect(await listed('/api/sales/my-sales', 'sales')).toEqual(
      expect.objectContaining({ paidAmount: 300, pendingAmount: 0 }),
    );
    expect(await get(`/api/sales/${saleId}`, 'sales')).toEqual(
      expect.objectContaining({ salePrice: 1000, totalPaid: 300, balance: 0, refundAmount: 300 }),
    );
    // The payment stays on the sale, where the refund is worked out from.
    const payments = await get(`/api/payments/sale/${saleId}`, 'sales');
    expect(payments).toEqual([expect.objectContaining({ amount: 300, status: 'confirmed' })]);

    const csv = await call('GET', `/api/sales/export?format=csv&q=anulada`);
    const { header, rows } = readCsv(csv.rawPayload);
    const row = rows.find((r) => r[0] === String(saleId)) ?? [];
    expect([row[header.indexOf('Pagado (US$)')], row[header.indexOf('Pendiente (US$)')]]).toEqual([
      '300,00',
      '0,00',
    ]);
  });

  it('is not owed in Cobranza, the alerts or the dashboard figures', async () => {
    const alerts = await get(`/api/alerts?saleId=${saleId}`);
    expect(alerts.counts['client-balance']).toBe(0);
    const receivables = await get('/api/reports/receivables?q=anulada');
    expect(receivables.clients).toEqual([]);
    const stats = await get('/api/sales/stats', 'sales');
    expect(stats.total).toBe(0);
    expect(stats.salesByStatus.cancelled).toBe(1);
  });

  it('an open sale keeps its refund at 0 and a negative balance as a credit', async () => {
    const body = saleBody(refs, ctx.users.sales.id);
    body.items = body.items.map((item) => ({ ...item, salePrice: '100.00', costPrice: '80.00' }));
    const id = (await call('POST', '/api/sales', body, 'sales')).json().sale.id;
    const paid = { saleId: id, date: soon, amount: '500.00', method: 'cash', reference: 'DE-MAS' };
    expect((await call('POST', '/api/payments', paid, 'sales')).statusCode).toBe(201);
    expect(await get(`/api/sales/${id}`)).toEqual(
      expect.objectContaining({ totalPaid: 500, balance: -400, refundAmount: 0 }),
    );
  });
});
