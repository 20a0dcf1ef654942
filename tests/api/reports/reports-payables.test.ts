import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/report-params';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Vencimientos (GET /api/reports/payables): a supplier's debt is its balance as the supplier payments
 * screen computes it; its payments settle the earliest dues first, so the debt is made of its
 * latest-due items. An item falls due on its payment date, or on its sale's travel date.
 */
const AS_OF = '2030-06-30';
const at = (days: number) => addDays(AS_OF, days);

let ctx: TestContext;
let agency: FinanceAgency;
let dues: { id: number; name: string };
let other: { id: number; name: string };
const saleIds: number[] = [];

const get = (query: string, who: 'admin' | 'finance' | 'sales' = 'admin') =>
  agency.call('GET', `/api/reports/payables${query}`, undefined, who);

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'ven');
  dues = await agency.supplier('Proveedor Vencimientos');
  other = await agency.supplier('Proveedor Al Día');
  const item = (costPrice: string, paymentDate?: string) => ({
    salePrice: '9999.00',
    costPrice,
    supplierId: dues.id,
    paymentDate,
  });
  // One sale per item, travelling well after the window unless the item has no payment date.
  const sale = async (travelDate: string, ...items: ReturnType<typeof item>[]) => {
    const id = await agency.sale({ travelDate, items });
    saleIds.push(id);
    return id;
  };
  await sale(at(200), item('100.00', at(-10))); // overdue
  await sale(at(3), item('200.00')); // no payment date: due on the travel date, this week
  await sale(at(200), item('300.00', at(7))); // this week, last day
  await sale(at(200), item('400.00', at(8))); // after this week, within 30 days
  await sale(at(200), item('500.00', at(30))); // last day of the window
  await sale(at(200), item('600.00', at(31))); // after the window
  await agency.cancel(await sale(at(200), item('999.00', at(1)))); // cancelled: owes nothing
  saleIds.pop();
  // 55.43 EUR at 1.0825 = 60.00 USD settle the earliest due item in part: 40.00 of it is still owed.
  await agency.paySupplier(dues.id, '55.43', 'EUR');

  // A supplier paid in full is not listed.
  await agency.sale({
    travelDate: at(5),
    items: [{ salePrice: '80.00', costPrice: '75.50', supplierId: other.id }],
  });
  await agency.paySupplier(other.id, '75.50');
});
afterAll(() => ctx.close());

describe('GET /api/reports/payables', () => {
  it('gives each owed supplier its balance, overdue, this week and next days, with the items behind them', async () => {
    const res = await get(`?asOf=${AS_OF}&days=30`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.suppliers).toEqual([
      {
        supplierId: dues.id,
        supplierName: 'Proveedor Vencimientos',
        pendingAmount: 2040,
        overdueAmount: 40,
        dueThisWeekAmount: 500,
        dueSoonAmount: 1400,
        itemsCount: 5,
        items: [
          { saleId: saleIds[0], costPrice: 100, pendingAmount: 40, dueDate: at(-10) },
          { saleId: saleIds[1], costPrice: 200, pendingAmount: 200, dueDate: at(3) },
          { saleId: saleIds[2], costPrice: 300, pendingAmount: 300, dueDate: at(7) },
          { saleId: saleIds[3], costPrice: 400, pendingAmount: 400, dueDate: at(8) },
          { saleId: saleIds[4], costPrice: 500, pendingAmount: 500, dueDate: at(30) },
        ].map((i) => ({ ...i, itemId: expect.any(Number), passengerName: expect.any(String) })),
      },
    ]);
    expect(body.totals).toEqual({
      pendingAmount: 2040,
      overdueAmount: 40,
      dueThisWeekAmount: 500,
      dueSoonAmount: 1400,
    });
  });

  it('agrees with the balance of the supplier payments screen', async () => {
    const summary = (await agency.call('GET', `/api/supplier-payments/supplier/${dues.id}/sales`)).json();
    const body = (await get(`?asOf=${AS_OF}`)).json();
    expect(body.suppliers[0].pendingAmount).toBe(summary.pendingAmount);
  });

  it('widens and narrows with days, and moves with asOf', async () => {
    const wide = (await get(`?asOf=${AS_OF}&days=31`)).json().suppliers[0];
    expect([wide.dueSoonAmount, wide.itemsCount]).toEqual([2000, 6]);
    const narrow = (await get(`?asOf=${AS_OF}&days=7`)).json().suppliers[0];
    expect([narrow.dueSoonAmount, narrow.dueThisWeekAmount, narrow.itemsCount]).toEqual([500, 500, 3]);
    // A week later the first three are overdue and the 400 falls in this week.
    const later = (await get(`?asOf=${at(7)}`)).json().suppliers[0];
    expect([later.overdueAmount, later.dueThisWeekAmount]).toEqual([240, 700]);
  });

  it('applies a further payment to the earliest dues first', async () => {
    await agency.paySupplier(dues.id, '140.00');
    const body = (await get(`?asOf=${AS_OF}`)).json();
    const [supplier] = body.suppliers;
    expect(supplier.pendingAmount).toBe(1900);
    expect(supplier.overdueAmount).toBe(0);
    expect(supplier.items[0]).toMatchObject({ saleId: saleIds[1], costPrice: 200, pendingAmount: 100 });
  });

  it('within one due day, settles the items in the order they were added', async () => {
    const sameDay = await agency.supplier('Proveedor Mismo Día');
    const ids: number[] = [];
    for (const cost of ['100.00', '200.00', '300.00']) {
      ids.push(
        await agency.sale({
          travelDate: at(200),
          items: [{ salePrice: '999.00', costPrice: cost, supplierId: sameDay.id, paymentDate: at(20) }],
        }),
      );
    }
    await agency.paySupplier(sameDay.id, '250.00');
    const body = (await get(`?asOf=${AS_OF}`)).json();
    const supplier = body.suppliers.find((s: { supplierId: number }) => s.supplierId === sameDay.id);
    expect(supplier).toMatchObject({ pendingAmount: 350, dueSoonAmount: 350, itemsCount: 2 });
    expect(
      supplier.items.map((i: { saleId: number; pendingAmount: number }) => [i.saleId, i.pendingAmount]),
    ).toEqual([
      [ids[1], 50],
      [ids[2], 300],
    ]);
  });

  it('is for admin and finance only, and refuses malformed parameters', async () => {
    expect((await get('', 'finance')).statusCode).toBe(200);
    expect((await get('', 'sales')).statusCode).toBe(403);
    for (const query of [
      '?days=0',
      '?days=366',
      '?days=1e1',
      '?days=0x10',
      '?days=7.5',
      '?asOf=2030-13-01',
      '?x=1',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/debe|desconocid|superar/i);
    }
  });
});
