import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { addDays } from '../../../src/domain/report-params';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { itemBody, saleBody } from '../../helpers/sales';
import { rowsOf } from '../../helpers/scratch-databases';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A supplier payment made for some sales (`relatedSales`) settles their items first, oldest due first
 * among them; only what is left settles the supplier's other dues, earliest first. A draft owes its
 * suppliers nothing until it is confirmed. The supplier's balance stays its cost minus its payments:
 * only which items are unpaid changes (docs/decisions/0088-supplier-payments-go-where-told.md).
 */
const today = agencyToday();
const day = (n: number) => addDays(today, n);

let ctx: TestContext;
let agency: FinanceAgency;

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'dir');
});
afterAll(() => ctx.close());

/** Items of one supplier, as the Vencimientos tests write them. */
const itemOf = (supplierId: number) => (costPrice: string, paymentDate: string) => ({
  salePrice: '900.00',
  costPrice,
  supplierId,
  paymentDate,
});

/** A supplier owed on two older sales, A (100, due 20 days ago) and B (200, 10 days ago), and a newer X. */
async function owedSupplier(name: string) {
  const { id } = await agency.supplier(name);
  const item = itemOf(id);
  const a = await agency.sale({ travelDate: day(60), items: [item('100.00', day(-20))] });
  const b = await agency.sale({ travelDate: day(60), items: [item('200.00', day(-10))] });
  // X: 150 due in 3 days and 50 in 5, 200 in all.
  const x = await agency.sale({
    travelDate: day(60),
    items: [item('150.00', day(3)), item('50.00', day(5))],
  });
  return { id, a, b, x };
}

const paymentBody = (supplierId: number, amount: string, relatedSales: number[]) => ({
  supplierId,
  amount,
  currency: 'USD',
  paymentDate: today,
  paymentMethod: 'transfer',
  description: 'Pago dirigido',
  relatedSales,
});

async function pay(supplierId: number, amount: string, relatedSales: number[] = []) {
  const res = await agency.call(
    'POST',
    '/api/supplier-payments',
    paymentBody(supplierId, amount, relatedSales),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment.id as number;
}

async function edit(id: number, body: object) {
  const res = await agency.call('PUT', `/api/supplier-payments/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** Vencimientos for the supplier: its pending, item count and unpaid items as [sale, due date, unpaid]. */
async function unpaid(supplierId: number) {
  const res = await agency.call('GET', '/api/reports/payables?days=365');
  expect(res.statusCode, res.body).toBe(200);
  type Item = { saleId: number; dueDate: string; pendingAmount: number };
  const found = res.json().suppliers.find((s: { supplierId: number }) => s.supplierId === supplierId);
  if (!found) return { pending: 0, count: 0, items: [] };
  const items = found.items.map((i: Item) => [i.saleId, i.dueDate, i.pendingAmount]);
  return { pending: found.pendingAmount, count: found.itemsCount, items };
}

/** The supplier's card: its balance and what each of its sales still owes it. */
async function card(supplierId: number) {
  const res = await agency.call('GET', `/api/supplier-payments/supplier/${supplierId}/sales`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  type Sale = { id: number; pendingAmount: number };
  return {
    gross: body.grossAmount,
    pending: body.pendingAmount,
    salesCount: body.salesCount,
    sales: Object.fromEntries(body.sales.map((s: Sale) => [s.id, s.pendingAmount])),
  };
}

/** The supplier payment alerts of one sale (unpaid and overdue, or due within 7 days). */
const dueAlerts = async (saleId: number) => {
  const { counts } = (await agency.call('GET', `/api/alerts?saleId=${saleId}`)).json();
  return counts['supplier-overdue'] + counts['supplier-due'];
};

/** The supplier side's kept tables, as the triggers left them, equal a rebuild from scratch. */
async function expectKeptExact() {
  const kept = async () =>
    rowsOf(
      await ctx.db.execute(sql`select
        (select json_agg(t order by item_id) from supplier_dues t) as dues,
        (select json_agg(t order by supplier_id, due_date) from supplier_due_days t) as days,
        (select json_agg(t order by supplier_id, month) from supplier_due_months t) as months,
        (select json_agg(t order by supplier_id, sale_id) from supplier_sales t) as shares,
        (select json_agg(t order by supplier_id) from supplier_totals t
          where sales_count <> 0 or total_cost <> 0) as totals`),
    );
  const before = await kept();
  await ctx.db.execute(sql`select rebuild_sales_aggregates(), rebuild_dues()`);
  expect(await kept()).toEqual(before);
}

/** What the payments of a supplier allocated to one sale. */
async function allocatedTo(saleId: number) {
  const [row] = rowsOf<{ n: string }>(
    await ctx.db.execute(sql`select coalesce(sum(allocated), 0)::numeric(14, 2)::text as n from supplier_payment_sales
      where sale_id = ${saleId}`),
  );
  return row?.n;
}

describe('a supplier payment made for some sales', () => {
  it("settles those sales' items and leaves the older dues as they were", async () => {
    const s = await owedSupplier('Proveedor Dirigido');
    expect(await dueAlerts(s.x)).toBe(2);
    await pay(s.id, '200.00', [s.x]);
    expect(await unpaid(s.id)).toEqual({
      pending: 300,
      count: 2,
      items: [
        [s.a, day(-20), 100],
        [s.b, day(-10), 200],
      ],
    });
    expect(await card(s.id)).toEqual({
      gross: 500,
      pending: 300,
      salesCount: 3,
      sales: { [s.a]: 100, [s.b]: 200, [s.x]: 0 },
    });
    expect(await dueAlerts(s.x)).toBe(0);
    expect(await dueAlerts(s.a)).toBe(1);
    await expectKeptExact();
  });

  it('gives what those sales do not take to the earliest other dues', async () => {
    const s = await owedSupplier('Proveedor Remanente');
    await pay(s.id, '260.00', [s.x]);
    expect(await allocatedTo(s.x)).toBe('200.00');
    expect(await unpaid(s.id)).toEqual({
      pending: 240,
      count: 2,
      items: [
        [s.a, day(-20), 40],
        [s.b, day(-10), 200],
      ],
    });
    await expectKeptExact();
  });

  it("settles a sale's items oldest due first when it pays part of them, and follows edits and deletes", async () => {
    const s = await owedSupplier('Proveedor Editado');
    const id = await pay(s.id, '200.00', [s.x]);
    await edit(id, { amount: '100.00' });
    expect((await unpaid(s.id)).items).toEqual([
      [s.a, day(-20), 100],
      [s.b, day(-10), 200],
      [s.x, day(3), 50],
      [s.x, day(5), 50],
    ]);
    await expectKeptExact();

    // Made for B instead: B is settled, X owes all again.
    await edit(id, { amount: '200.00', relatedSales: [s.b] });
    expect((await unpaid(s.id)).items).toEqual([
      [s.a, day(-20), 100],
      [s.x, day(3), 150],
      [s.x, day(5), 50],
    ]);
    expect(await allocatedTo(s.x)).toBe('0.00');
    await expectKeptExact();

    // For no sale: the earliest dues are settled.
    await edit(id, { relatedSales: [] });
    expect((await unpaid(s.id)).items).toEqual([
      [s.b, day(-10), 100],
      [s.x, day(3), 150],
      [s.x, day(5), 50],
    ]);

    await edit(id, { relatedSales: [s.x] });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/supplier-payments/${id}`,
      headers: await ctx.auth('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unpaid(s.id)).toEqual({
      pending: 500,
      count: 4,
      items: [
        [s.a, day(-20), 100],
        [s.b, day(-10), 200],
        [s.x, day(3), 150],
        [s.x, day(5), 50],
      ],
    });
    await expectKeptExact();
  });

  it("keeps its allocation when the sale's items are replaced by an edit, up to what the sale costs", async () => {
    const s = await owedSupplier('Proveedor Venta Editada');
    await pay(s.id, '200.00', [s.x]);
    const item = itemOf(s.id);
    const editItems = async (items: ReturnType<typeof item>[]) => {
      const { version } = (await agency.call('GET', `/api/sales/${s.x}`)).json();
      const body = saleBody(agency.refs, ctx.users.sales.id, {
        saleData: { travelDate: day(60), passengerCount: 1 },
        items: items.map((i) =>
          itemBody(agency.refs, {
            ...i,
            classificationId: agency.refs.classification.id,
            operatorId: agency.refs.operator.id,
            passengers: [agency.refs.passengers[0]?.id],
          }),
        ),
      });
      const res = await agency.call('PUT', `/api/sales/${s.x}`, { ...body, version });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Dearer: the 200 settle the first item and 80 of the second.
    await editItems([item('120.00', day(5)), item('120.00', day(12))]);
    expect(await unpaid(s.id)).toEqual({
      pending: 340,
      count: 3,
      items: [
        [s.a, day(-20), 100],
        [s.b, day(-10), 200],
        [s.x, day(12), 40],
      ],
    });
    await expectKeptExact();

    // Cheaper than the allocation: the 120 the sale no longer owes settle the earliest dues.
    await editItems([item('80.00', day(5))]);
    expect(await unpaid(s.id)).toEqual({ pending: 180, count: 1, items: [[s.b, day(-10), 180]] });
    expect((await card(s.id)).sales).toEqual({ [s.a]: 0, [s.b]: 180, [s.x]: 0 });
    await expectKeptExact();
  });

  it('is allocated one payment after another when two are made for one sale at once', async () => {
    const s = await owedSupplier('Proveedor Simultáneo');
    const both = await Promise.all(
      [0, 1].map(() => agency.call('POST', '/api/supplier-payments', paymentBody(s.id, '200.00', [s.x]))),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await allocatedTo(s.x)).toBe('200.00');
    // X settled by one; the other settles the earliest dues.
    expect(await unpaid(s.id)).toEqual({ pending: 100, count: 1, items: [[s.b, day(-10), 100]] });
    await expectKeptExact();
  });
});

describe('a draft sale', () => {
  it('owes its suppliers nothing until it is confirmed, and then its items fall due', async () => {
    const { id } = await agency.supplier('Proveedor Borrador');
    const stats = async () => (await agency.call('GET', '/api/supplier-payments/stats')).json().stats;
    const salesBefore = (await stats()).totalSales;
    const body = saleBody(agency.refs, ctx.users.sales.id, {
      saleData: { status: 'draft', travelDate: day(60), passengerCount: 1 },
      items: [
        itemBody(agency.refs, {
          supplierId: id,
          passengers: [agency.refs.passengers[0]?.id],
          salePrice: '500.00',
          costPrice: '300.00',
          paymentDate: day(2),
        }),
      ],
    });
    const created = await agency.call('POST', '/api/sales', body);
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().sale.id as number;

    expect(await card(id)).toEqual({ gross: 0, pending: 0, salesCount: 0, sales: {} });
    expect(await unpaid(id)).toEqual({ pending: 0, count: 0, items: [] });
    expect(await dueAlerts(draft)).toBe(0);
    expect((await stats()).totalSales).toBe(salesBefore);
    await expectKeptExact();

    const confirmed = await agency.call('PUT', `/api/sales/${draft}`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await card(id)).toEqual({ gross: 300, pending: 300, salesCount: 1, sales: { [draft]: 300 } });
    expect(await unpaid(id)).toEqual({ pending: 300, count: 1, items: [[draft, day(2), 300]] });
    expect(await dueAlerts(draft)).toBe(1);
    expect((await stats()).totalSales).toBe(salesBefore + 1);
    await expectKeptExact();
  });
});
