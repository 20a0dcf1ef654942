import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/report-params';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * Cobranza's overdueAmount with payment plans (docs/decisions/0104-payment-plans.md): a sale with a
 * plan is overdue by the unpaid part of its instalments due before asOf, payments filling the oldest
 * first; a sale without one, by all it owes once its travel date has passed. The client list (both the
 * kept-sums page and the grouped one), its totals and the client's page agree to the cent.
 */
const AS_OF = '2030-06-30';

let ctx: TestContext;
let agency: FinanceAgency;
let conPlan: { id: number; name: string };
let sinPlan: { id: number; name: string };

const get = async (url: string) => {
  const res = await agency.call('GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
type Row = { clientId: number; overdueAmount: number };
const row = (reply: { clients: Row[] }, clientId: number) =>
  reply.clients.find((c) => c.clientId === clientId);

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'cuotascob');
  conPlan = await agency.client('Cuotas Con Plan');
  sinPlan = await agency.client('Cuotas Sin Plan');
  // Travels after asOf (not due by the travel-date rule), yet its deposit fell due ten days before.
  const planned = await agency.sale({
    clientId: conPlan.id,
    travelDate: addDays(AS_OF, 20),
    items: [{ salePrice: '1000.00', costPrice: '1.00' }],
  });
  const plan = await agency.call('PUT', `/api/sales/${planned}/plan`, {
    instalments: [
      { dueDate: addDays(AS_OF, -10), amount: '300.00' },
      { dueDate: addDays(AS_OF, -1), amount: '200.00' },
      { dueDate: AS_OF, amount: '250.00' },
      { dueDate: addDays(AS_OF, 15), amount: '250.00' },
    ],
  });
  if (plan.statusCode !== 200) throw new Error(plan.body);
  await agency.pay(planned, '120.35');
  // Travelled five days before asOf, no plan: all it owes is overdue.
  const travelled = await agency.sale({
    clientId: sinPlan.id,
    travelDate: addDays(AS_OF, -5),
    items: [{ salePrice: '400.00', costPrice: '1.00' }],
  });
  await agency.pay(travelled, '100.00');
  // Travels later, no plan: nothing overdue.
  await agency.sale({
    clientId: sinPlan.id,
    travelDate: addDays(AS_OF, 5),
    items: [{ salePrice: '50.00', costPrice: '1.00' }],
  });
});
afterAll(() => ctx.close());

describe('Cobranza with payment plans', () => {
  it('shows exactly the unpaid part of a past-due first instalment with a partial payment as overdue', async () => {
    // Due before asOf: 300 + 200 = 500 (the one due on asOf is not yet overdue); paid 120.35.
    for (const sort of ['pending', 'overdue', 'name']) {
      const reply = await get(`/api/reports/receivables?asOf=${AS_OF}&sort=${sort}&limit=100`);
      expect(row(reply, conPlan.id), sort).toEqual(
        expect.objectContaining({ pendingAmount: 879.65, overdueAmount: 379.65 }),
      );
      expect(row(reply, sinPlan.id), sort).toEqual(
        expect.objectContaining({ pendingAmount: 350, overdueAmount: 300 }),
      );
      expect(reply.totals.overdueAmount, sort).toBe(679.65);
    }
    const searched = await get(`/api/reports/receivables?asOf=${AS_OF}&q=cuotas`);
    expect(row(searched, conPlan.id)?.overdueAmount).toBe(379.65);
    expect(searched.totals.overdueAmount).toBe(679.65);
  });

  it('sorts by what is overdue, plans included', async () => {
    const reply = await get(`/api/reports/receivables?asOf=${AS_OF}&sort=overdue&q=cuotas`);
    expect(reply.clients.map((c: { clientId: number }) => c.clientId)).toEqual([conPlan.id, sinPlan.id]);
  });

  it("carries the overdue part on the client's page, per sale and for the client", async () => {
    const page = await get(`/api/reports/receivables/${conPlan.id}?asOf=${AS_OF}`);
    expect(page.client.overdueAmount).toBe(379.65);
    expect(page.sales).toEqual([expect.objectContaining({ pendingAmount: 879.65, overdueAmount: 379.65 })]);
    const other = await get(`/api/reports/receivables/${sinPlan.id}?asOf=${AS_OF}`);
    expect(other.client.overdueAmount).toBe(300);
    expect(other.sales.map((s: { overdueAmount: number }) => s.overdueAmount)).toEqual([300, 0]);
  });

  it('counts nothing overdue once the payments cover the instalments due', async () => {
    const later = await get(`/api/reports/receivables?asOf=${addDays(AS_OF, -20)}&q=con plan`);
    expect(row(later, conPlan.id)?.overdueAmount).toBe(0);
  });
});
