import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/*
 * A sale's payment plan (docs/decisions/0104-payment-plans.md): PUT /api/sales/:id/plan saves it only
 * when it adds up to the sale's total, the detail shows each instalment filled by the confirmed
 * payments oldest first, and who may edit the sale may edit its plan.
 */

let ctx: TestContext;
let refs: SaleRefs;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Who = 'admin') =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });

/** A day `days` from the agency's today, as yyyy-mm-dd. */
const day = (days: number) => {
  const d = new Date(`${agencyToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A confirmed sale of one item at `price`, sold by the seller, travelling in 60 days. */
async function newSale(price: string, who: Who = 'sales', sellerId = ctx.users.sales.id) {
  const body = saleBody(refs, sellerId, { saleData: { travelDate: day(60) } });
  body.items = [itemBody(refs, { salePrice: price, costPrice: '100.00' })];
  const res = await call('POST', '/api/sales', body, who);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().sale.id as number;
}
const pay = async (saleId: number, amount: string) => {
  const res = await call('POST', '/api/payments', { saleId, date: day(0), amount, method: 'transfer' });
  if (res.statusCode !== 201) throw new Error(res.body);
};
const putPlan = (saleId: number, instalments: object[], who: Who = 'admin') =>
  call('PUT', `/api/sales/${saleId}/plan`, { instalments }, who);
const detail = async (saleId: number) => (await call('GET', `/api/sales/${saleId}`)).json();

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'cuotas');
});
afterAll(() => ctx.close());

describe('PUT /api/sales/:id/plan', () => {
  it('saves a plan sorted by due date, and a sale without one answers an empty plan', async () => {
    const id = await newSale('1000.00');
    expect((await detail(id)).plan).toEqual([]);
    const res = await putPlan(id, [
      { dueDate: day(40), amount: '700' },
      { dueDate: day(10), amount: 300 },
    ]);
    expect(res.statusCode).toBe(200);
    const { plan, planMismatch } = res.json().sale;
    expect(planMismatch).toBe(false);
    expect(plan).toEqual([
      expect.objectContaining({
        dueDate: day(10),
        amount: 300,
        paidAmount: 0,
        pendingAmount: 300,
        status: 'due',
      }),
      expect.objectContaining({
        dueDate: day(40),
        amount: 700,
        paidAmount: 0,
        pendingAmount: 700,
        status: 'due',
      }),
    ]);
    expect((await detail(id)).plan).toEqual(plan);
  });

  it('fills the instalments with the confirmed payments, oldest first, exactly', async () => {
    const id = await newSale('1000.10');
    await putPlan(id, [
      { dueDate: day(-5), amount: '200.05' },
      { dueDate: day(5), amount: '300.02' },
      { dueDate: day(30), amount: '500.03' },
    ]);
    await pay(id, '250.10');
    await pay(id, '0.02');
    const plan = (await detail(id)).plan;
    expect(plan.map((i: { paidAmount: number }) => i.paidAmount)).toEqual([200.05, 50.07, 0]);
    expect(plan.map((i: { pendingAmount: number }) => i.pendingAmount)).toEqual([0, 249.95, 500.03]);
    expect(plan.map((i: { status: string }) => i.status)).toEqual(['paid', 'due', 'due']);
  });

  it('marks a past instalment with something unpaid overdue', async () => {
    const id = await newSale('900.00');
    await putPlan(id, [
      { dueDate: day(-1), amount: '400' },
      { dueDate: day(0), amount: '500' },
    ]);
    await pay(id, '100.00');
    const plan = (await detail(id)).plan;
    expect(plan.map((i: { status: string }) => i.status)).toEqual(['overdue', 'due']);
    expect(plan[0].pendingAmount).toBe(300);
  });

  it('refuses in Spanish a plan that does not add up, a bad date and a bad amount, writing nothing', async () => {
    const id = await newSale('1000.00');
    await putPlan(id, [{ dueDate: day(10), amount: '1000' }]);
    const cases: [object[], RegExp][] = [
      [[{ dueDate: day(10), amount: '999.99' }], /deben sumar exactamente el total de la venta/],
      [[{ dueDate: '2026-02-30', amount: '1000' }], /fecha de vencimiento no es válida/],
      [[{ dueDate: '1999-12-31', amount: '1000' }], /fecha de vencimiento debe estar entre/],
      [[{ dueDate: day(10), amount: '0' }], /monto de la cuota/],
      [[{ dueDate: day(10), amount: '1000.001' }], /monto de la cuota admite como máximo 2 decimales/],
      [[{ dueDate: day(10), amount: '1000', note: 'x' }], /./],
    ];
    for (const [instalments, message] of cases) {
      const res = await putPlan(id, instalments);
      expect(res.statusCode, JSON.stringify(instalments)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('PUT', `/api/sales/${id}/plan`, {})).statusCode).toBe(400);
    expect((await detail(id)).plan).toEqual([expect.objectContaining({ amount: 1000 })]);
  });

  it('takes whole pesos only on a CLP sale', async () => {
    const rates = await call('PUT', '/api/company/currency-rates', {
      rates: [
        { currency: 'USD', rate: 1 },
        { currency: 'CLP', rate: '0.00105' },
      ],
    });
    expect(rates.statusCode).toBe(200);
    const body = saleBody(refs, ctx.users.sales.id, { saleData: { travelDate: day(60), currency: 'CLP' } });
    body.items = [itemBody(refs, { salePrice: '1250000', costPrice: '1000000' })];
    const id = (await call('POST', '/api/sales', body)).json().sale.id;
    const bad = await putPlan(id, [
      { dueDate: day(10), amount: '1249999.50' },
      { dueDate: day(20), amount: '0.50' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CLP no llevan decimales/);
    const good = await putPlan(id, [
      { dueDate: day(10), amount: '250000' },
      { dueDate: day(20), amount: 1000000 },
    ]);
    expect(good.statusCode).toBe(200);
  });

  it('removes the plan with an empty list', async () => {
    const id = await newSale('500.00');
    await putPlan(id, [{ dueDate: day(10), amount: '500' }]);
    const res = await putPlan(id, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().sale.plan).toEqual([]);
  });

  it('lets the seller edit the plan of their own sale only, and not finance', async () => {
    const own = await newSale('600.00', 'sales');
    const plan = [{ dueDate: day(10), amount: '600' }];
    expect((await putPlan(own, plan, 'sales')).statusCode).toBe(200);
    expect((await putPlan(own, plan, 'finance')).statusCode).toBe(403);
    const other = await newSale('600.00', 'admin', ctx.users.admin.id);
    expect((await putPlan(other, plan, 'sales')).statusCode).toBe(404);
  });

  it('refuses a cancelled sale with 409', async () => {
    const id = await newSale('600.00');
    await call('PUT', `/api/sales/${id}`, { status: 'cancelled' });
    const res = await putPlan(id, [{ dueDate: day(10), amount: '600' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/anulada/);
  });

  it('keeps the plan when the flat sale, plan included, is sent back as an edit', async () => {
    const id = await newSale('700.00');
    await putPlan(id, [{ dueDate: day(10), amount: '700' }]);
    const sale = await detail(id);
    const edit = await call('PUT', `/api/sales/${id}`, { ...sale, plan: [], passengerName: 'Otro nombre' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().sale.plan).toEqual([expect.objectContaining({ amount: 700 })]);
  });

  it('flags the plan once an edit of the items changes the total', async () => {
    const id = await newSale('800.00');
    await putPlan(id, [{ dueDate: day(10), amount: '800' }]);
    const edit = await call('PUT', `/api/sales/${id}`, {
      ...saleBody(refs, ctx.users.sales.id, { saleData: { travelDate: day(60) } }),
      items: [itemBody(refs, { salePrice: '850.00', costPrice: '100.00' })],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().sale).toEqual(
      expect.objectContaining({ planMismatch: true, plan: [expect.objectContaining({ amount: 800 })] }),
    );
  });
});
