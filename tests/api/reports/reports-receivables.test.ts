import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/report-params';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Cobranza (GET /api/reports/receivables): a client's debt per sale is its total minus its confirmed
 * payments, aged against the travel date as of `asOf`. Every figure is checked to the cent, and each
 * bucket boundary (0, 1, 30, 31, 60, 61, 90, 91 days after travel) has its own sale.
 */
const AS_OF = '2030-06-30';
const daysBefore = (n: number) => addDays(AS_OF, -n);
const one = (price: string) => [{ salePrice: price, costPrice: '1.00' }];

let ctx: TestContext;
let agency: FinanceAgency;
let uno: { id: number; name: string };
let dos: { id: number; name: string };
let futureSaleId: number;

const get = async (query: string, who: 'admin' | 'finance' | 'sales' = 'admin') =>
  agency.call('GET', `/api/reports/receivables${query}`, undefined, who);

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'cob');
  uno = await agency.client('Cobranza Uno');
  dos = await agency.client('Cobranza Dos');
  const pagado = await agency.client('Cobranza Pagado');
  const anulado = await agency.client('Cobranza Anulado');
  const sale = (clientId: number, travelDate: string, price: string) =>
    agency.sale({ clientId, travelDate, items: one(price) });

  // Cobranza Uno: day 0 (travels on asOf: not yet due), day 1, day 30, day 31.
  const s1 = await sale(uno.id, AS_OF, '1000.10');
  await agency.pay(s1, '200.05');
  await sale(uno.id, daysBefore(1), '500.00');
  const s3 = await sale(uno.id, daysBefore(30), '300.33');
  await agency.pay(s3, '100.11');
  await agency.pay(s3, '50.00', 'pending'); // not confirmed: does not count as paid
  await sale(uno.id, daysBefore(31), '250.25');

  // Cobranza Dos: future travel with a deposit, days 60, 61, 90, 91, an overpaid sale and a cancelled one.
  futureSaleId = await sale(dos.id, addDays(AS_OF, 10), '120.00');
  await agency.pay(futureSaleId, '20.00');
  await sale(dos.id, daysBefore(60), '60.60');
  await sale(dos.id, daysBefore(61), '61.61');
  await sale(dos.id, daysBefore(90), '999.99');
  await sale(dos.id, daysBefore(91), '0.01');
  const overpaid = await sale(dos.id, daysBefore(5), '50.00');
  await agency.pay(overpaid, '100.00'); // a credit on that sale; it does not lower the other debts
  const cancelled = await sale(dos.id, daysBefore(45), '700.00');
  await agency.cancel(cancelled);

  // Fully paid and cancelled-only clients have nothing pending and are not listed.
  const paid = await sale(pagado.id, daysBefore(100), '400.00');
  await agency.pay(paid, '400.00');
  await agency.cancel(await sale(anulado.id, daysBefore(100), '900.00'));
});
afterAll(() => ctx.close());

const UNO = {
  clientName: 'Cobranza Uno',
  salesCount: 4,
  totalSale: 2050.68,
  paidAmount: 300.16,
  pendingAmount: 1750.52,
  // Without payment plans: all a sale owes is overdue once its travel date has passed.
  overdueAmount: 950.47,
  buckets: { notDue: 800.05, d1_30: 700.22, d31_60: 250.25, d61_90: 0, d90plus: 0 },
};
const DOS = {
  clientName: 'Cobranza Dos',
  salesCount: 5,
  totalSale: 1242.21,
  paidAmount: 20,
  pendingAmount: 1222.21,
  overdueAmount: 1122.21,
  buckets: { notDue: 100, d1_30: 0, d31_60: 60.6, d61_90: 1061.6, d90plus: 0.01 },
};

describe('GET /api/reports/receivables', () => {
  it('lists each client with something pending, its figures and age buckets to the cent, and the totals', async () => {
    const res = await get(`?asOf=${AS_OF}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.asOf).toBe(AS_OF);
    expect(body.clients).toEqual([
      { clientId: uno.id, ...UNO },
      { clientId: dos.id, ...DOS },
    ]);
    expect(body.totals).toEqual({
      clientsCount: 2,
      salesCount: 9,
      totalSale: 3292.89,
      paidAmount: 320.16,
      pendingAmount: 2972.73,
      overdueAmount: 2072.68,
      buckets: { notDue: 900.05, d1_30: 700.22, d31_60: 310.85, d61_90: 1061.6, d90plus: 0.01 },
    });
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: 2, totalPages: 1 });
  });

  it('gives the same figures from the kept sums (by pending) as from every open sale (overdue sort)', async () => {
    for (const asOf of [AS_OF, daysBefore(31), addDays(AS_OF, 91)]) {
      const kept = (await get(`?asOf=${asOf}&sort=pending`)).json();
      const scanned = (await get(`?asOf=${asOf}&sort=overdue`)).json();
      const byId = (body: { clients: { clientId: number }[] }) =>
        [...body.clients].sort((a, b) => a.clientId - b.clientId);
      expect(byId(kept), asOf).toEqual(byId(scanned));
      expect(kept.totals, asOf).toEqual(scanned.totals);
    }
  });

  it('moves sales between buckets as asOf moves: day 0 is not due, day 1 is', async () => {
    const body = (await get(`?asOf=${addDays(AS_OF, 1)}`)).json();
    const first = body.clients.find((c: { clientId: number }) => c.clientId === uno.id);
    // The day-0 sale is now 1 day after travel; the day-30 sale is now 31 days after.
    expect(first.buckets).toEqual({ notDue: 0, d1_30: 1300.05, d31_60: 450.47, d61_90: 0, d90plus: 0 });
    expect(first.pendingAmount).toBe(1750.52);
  });

  it('sorts by pending, overdue and name, searches by client name and pages', async () => {
    const ids = async (query: string) =>
      (await get(`?asOf=${AS_OF}&${query}`)).json().clients.map((c: { clientId: number }) => c.clientId);
    expect(await ids('sort=pending')).toEqual([uno.id, dos.id]);
    // Overdue = pending minus what is not yet due: Uno 950.47, Dos 1122.21.
    expect(await ids('sort=overdue')).toEqual([dos.id, uno.id]);
    expect(await ids('sort=name')).toEqual([dos.id, uno.id]);
    expect(await ids('q=uno')).toEqual([uno.id]);
    const page2 = (await get(`?asOf=${AS_OF}&limit=1&page=2`)).json();
    expect(page2.clients.map((c: { clientId: number }) => c.clientId)).toEqual([dos.id]);
    expect(page2.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    // Past the last page: no rows, the totals still hold.
    const past = (await get(`?asOf=${AS_OF}&limit=1&page=5`)).json();
    expect(past.clients).toEqual([]);
    expect(past.totals.pendingAmount).toBe(2972.73);
    const searched = (await get(`?asOf=${AS_OF}&q=dos`)).json();
    expect(searched.totals.pendingAmount).toBe(1222.21);
  });

  it('opens one client with its open sales, oldest travel first', async () => {
    const res = await get(`/${dos.id}?asOf=${AS_OF}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.client).toEqual({ clientId: dos.id, ...DOS });
    expect(
      body.sales.map((s: { daysAfterTravel: number; bucket: string; pendingAmount: number }) => [
        s.daysAfterTravel,
        s.bucket,
        s.pendingAmount,
      ]),
    ).toEqual([
      [91, 'd90plus', 0.01],
      [90, 'd61_90', 999.99],
      [61, 'd61_90', 61.61],
      [60, 'd31_60', 60.6],
      [-10, 'notDue', 100],
    ]);
    expect(body.sales[4]).toMatchObject({ saleId: futureSaleId, totalSale: 120, paidAmount: 20 });
    expect((await get(`/999999?asOf=${AS_OF}`)).statusCode).toBe(404);
  });

  it('drops a client from the list once its sales are paid', async () => {
    const detail = (await get(`/${uno.id}?asOf=${AS_OF}`)).json();
    for (const s of detail.sales) await agency.pay(s.saleId, String(s.pendingAmount));
    const body = (await get(`?asOf=${AS_OF}`)).json();
    expect(body.clients.map((c: { clientId: number }) => c.clientId)).toEqual([dos.id]);
    expect(body.totals.pendingAmount).toBe(1222.21);
    const after = (await get(`/${uno.id}?asOf=${AS_OF}`)).json();
    expect(after.sales).toEqual([]);
    expect(after.client.pendingAmount).toBe(0);
  });

  it('is for admin and finance only', async () => {
    expect((await get(`?asOf=${AS_OF}`, 'finance')).statusCode).toBe(200);
    expect((await get(`?asOf=${AS_OF}`, 'sales')).statusCode).toBe(403);
    expect((await get(`/${dos.id}`, 'sales')).statusCode).toBe(403);
  });

  it('refuses malformed parameters with a Spanish 400', async () => {
    for (const query of [
      '?asOf=30-06-2030',
      '?asOf=2030-02-30',
      '?asOf=2030-06-30T00:00:00Z',
      '?asOf=',
      '?asOf=2030-06-30&asOf=2030-06-29',
      '?page=0x10',
      '?page=1e1',
      '?page=true',
      '?page=0',
      '?limit=101',
      '?limit=-1',
      '?sort=random',
      '?unknown=1',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/debe|desconocid|superar/i);
    }
    expect((await get(`/abc`)).statusCode).toBe(400);
  });
});
