import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * What a supplier's card and pages say: `totalAmount` net of payments (the original client's card shows
 * it as the pending amount, docs/decisions/0040-figures-that-agree.md) and each sale's cost as that
 * supplier's own share of it.
 */

let ctx: TestContext;
let refs: SaleRefs;
let other: { id: number };
let admin: Record<string, string>;
const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: admin })).json();
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: admin, payload });

const item = (supplierId: number, costPrice: string) => ({
  classificationId: refs.classification.id,
  supplierId,
  operatorId: refs.operator.id,
  passengers: [refs.passengers[0]?.id],
  salePrice: '2000',
  costPrice,
});
const card = async (supplierId: number) => get(`/api/supplier-payments/supplier/${supplierId}/sales`);
const listed = async (supplierId: number) =>
  (await get('/api/supplier-payments/suppliers/sales?q=cifras')).suppliers.find(
    (s: { supplierId: number }) => s.supplierId === supplierId,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'cifras');
  other = (await post('/api/suppliers', { name: 'Otro proveedor cifras' })).json().supplier;
  // A payment needs an active rate for its currency, USD included.
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/company/currency-rates',
    headers: admin,
    payload: { rates: [{ currency: 'USD', rate: 1 }] },
  });
});
afterAll(() => ctx.close());

describe('supplier card figures', () => {
  it('totalAmount is net of what was paid to the supplier, in both replies', async () => {
    const body = saleBody(refs, ctx.users.sales.id, { items: [item(refs.supplier.id, '1500.40')] });
    expect((await post('/api/sales', body)).statusCode).toBe(201);
    const before = { totalAmount: 1500.4, grossAmount: 1500.4, paidAmount: 0, pendingAmount: 1500.4 };
    expect(await card(refs.supplier.id)).toEqual(expect.objectContaining(before));
    expect(await listed(refs.supplier.id)).toEqual(expect.objectContaining(before));

    const payment = await post('/api/supplier-payments', {
      supplierId: refs.supplier.id,
      amount: '500.15',
      currency: 'USD',
      paymentDate: '2031-01-10',
      paymentMethod: 'transfer',
      description: 'Anticipo',
    });
    expect(payment.statusCode).toBe(201);
    const after = { totalAmount: 1000.25, grossAmount: 1500.4, paidAmount: 500.15, pendingAmount: 1000.25 };
    expect(await card(refs.supplier.id)).toEqual(expect.objectContaining(after));
    expect(await listed(refs.supplier.id)).toEqual(expect.objectContaining(after));
  });

  it("shows each supplier its own items' cost of a sale shared by two suppliers", async () => {
    const body = saleBody(refs, ctx.users.sales.id, {
      items: [item(refs.supplier.id, '300.10'), item(other.id, '450.25'), item(refs.supplier.id, '49.90')],
    });
    const created = await post('/api/sales', body);
    expect(created.statusCode).toBe(201);
    const sale = created.json().sale as { id: number; totalCost: number };
    expect(sale.totalCost).toBe(800.25);

    const costOn = (supplier: { sales: { id: number; totalCost: number }[] }) =>
      supplier.sales.find((s) => s.id === sale.id)?.totalCost;
    expect(costOn(await card(refs.supplier.id))).toBe(350);
    expect(costOn(await card(other.id))).toBe(450.25);
    // The cards' recent sales say the same: this sale is each supplier's newest.
    expect(costOn(await listed(refs.supplier.id))).toBe(350);
    expect(costOn(await listed(other.id))).toBe(450.25);
  });
});
