import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The trigger-kept aggregates (migrations/0003, the seller counts of 0031, docs/performance.md), dues
 * (migrations/0007 and their month sums, 0012), the sales report's day rows and Cobranza's sums
 * (migrations/0010) must always equal what a full recomputation gives: after creating, editing, cancelling and deleting
 * sales and payments through the API, and after concurrent writes that touch the same suppliers in
 * opposite orders.
 */
let ctx: TestContext;
let refs: SaleRefs;
let otherSupplier: number;

async function snapshot(db: Database) {
  const rows = async (query: string) => ((await db.execute(sql.raw(query))) as { rows: unknown[] }).rows;
  return {
    summary: await rows(
      `select seller_id, status, sale_type, service_type, region, sales_count, sale_price::text, total_cost::text
       from sales_summary where sales_count <> 0 order by 1, 2, 3, 4, 5`,
    ),
    sellerCounts: await rows(
      'select seller_id, sales_count from sales_seller_counts where sales_count <> 0 order by 1',
    ),
    daily: await rows(
      `select seller_id, day::text, sales_count, sale_price::text, total_cost::text
       from sales_daily where sales_count <> 0 order by 1, 2`,
    ),
    shares: await rows(
      `select supplier_id, sale_id, cost::text, currency, own_cost::text, counted, sale_created_at
       from supplier_sales order by 1, 2`,
    ),
    totals: await rows(
      'select supplier_id, sales_count, total_cost::text from supplier_totals where sales_count <> 0 or total_cost <> 0 order by 1',
    ),
    currencyTotals: await rows(
      `select supplier_id, currency, total_cost::text from supplier_currency_totals
       where total_cost <> 0 order by 1, 2`,
    ),
    balances: await rows(
      `select sale_id, client_id, seller_id, travel_date::text, sale_price::text, paid::text, pending::text
       from sale_balances order by 1`,
    ),
    dues: await rows(
      'select item_id, sale_id, supplier_id, seller_id, due_date::text, cost::text from supplier_dues order by 1',
    ),
    dueDays: await rows(
      'select supplier_id, due_date::text, cost::text, items_count from supplier_due_days order by 1, 2',
    ),
    dueMonths: await rows(
      'select supplier_id, month::text, cost::text, items_count from supplier_due_months order by 1, 2',
    ),
    clientBalances: await rows(
      `select client_id, sales_count, total_sale::text, paid::text, pending::text
       from client_balances where sales_count <> 0 order by 1`,
    ),
    balanceDays: await rows(
      'select travel_date::text, sales_count, pending::text from balance_days where sales_count <> 0 order by 1',
    ),
    reportDays: await rows(
      `select dimension, date_field, day::text, key, sales_count, sale_price::text, total_cost::text
       from report_days where sales_count <> 0 or sale_price <> 0 or total_cost <> 0 order by 1, 2, 3, 4`,
    ),
  };
}

/** The aggregates as the triggers left them must equal a rebuild from scratch. */
async function expectAggregatesExact() {
  const kept = await snapshot(ctx.db);
  await ctx.db.execute(sql`select rebuild_sales_aggregates()`);
  await ctx.db.execute(sql`select rebuild_dues()`);
  await ctx.db.execute(sql`select rebuild_report_days()`);
  await ctx.db.execute(sql`select rebuild_receivable_sums()`);
  expect(kept).toEqual(await snapshot(ctx.db));
  // The seller counts are kept from the summary by its own trigger, which the rebuild goes through
  // too: they are checked against the sales themselves.
  const counted = await ctx.db.execute(
    sql`select seller_id, count(*)::int as sales_count from sales group by 1 order by 1`,
  );
  expect(kept.sellerCounts).toEqual((counted as unknown as { rows: unknown[] }).rows);
}

const item = (supplierId: number, cost: string) => ({
  classificationId: refs.classification.id,
  supplierId,
  operatorId: refs.operator.id,
  passengers: [refs.passengers[0]?.id],
  salePrice: (Number(cost) * 1.2).toFixed(2),
  costPrice: cost,
});

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await ctx.auth('admin'), payload });
}

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'agg');
  const res = await call('POST', '/api/suppliers', { name: 'Proveedor agregado dos' });
  otherSupplier = (Object.values(res.json()).find((v) => typeof v === 'object') as { id: number }).id;
});
afterAll(() => ctx.close());

describe('aggregates kept by triggers', () => {
  it('follow creation, edits, status changes and deletion exactly', async () => {
    const created = await call(
      'POST',
      '/api/sales',
      saleBody(refs, ctx.users.sales.id, {
        items: [
          item(refs.supplier.id, '100.10'),
          item(otherSupplier, '0.20'),
          item(refs.supplier.id, '0.05'),
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const sale = created.json().sale;
    await expectAggregatesExact();
    const totals = await snapshot(ctx.db);
    expect(totals.totals).toEqual([
      { supplier_id: refs.supplier.id, sales_count: 1, total_cost: '100.15' },
      { supplier_id: otherSupplier, sales_count: 1, total_cost: '0.20' },
    ]);

    const edited = await call('PUT', `/api/sales/${sale.id}`, {
      ...saleBody(refs, ctx.users.admin.id, {
        items: [item(otherSupplier, '50.00')],
        saleData: { region: 'national', serviceType: 'hotel' },
      }),
      version: sale.version,
    });
    expect(edited.statusCode).toBe(200);
    await expectAggregatesExact();

    const cancelled = await call('PUT', `/api/sales/${sale.id}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    await expectAggregatesExact();
    expect((await snapshot(ctx.db)).totals).toEqual([]);

    const deleted = await call('DELETE', `/api/sales/${sale.id}`);
    expect(deleted.statusCode).toBe(200);
    await expectAggregatesExact();
    expect(await snapshot(ctx.db)).toEqual({
      summary: [],
      sellerCounts: [],
      daily: [],
      shares: [],
      totals: [],
      currencyTotals: [],
      balances: [],
      dues: [],
      dueDays: [],
      dueMonths: [],
      clientBalances: [],
      balanceDays: [],
      reportDays: [],
    });
  });

  it('stay exact when concurrent sales touch the same suppliers in opposite orders', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) =>
      saleBody(refs, ctx.users.sales.id, {
        items:
          i % 2 === 0
            ? [item(refs.supplier.id, '10.01'), item(otherSupplier, '20.02')]
            : [item(otherSupplier, '30.03'), item(refs.supplier.id, '40.04')],
      }),
    );
    const results = await Promise.all(bodies.map((body) => call('POST', '/api/sales', body)));
    expect(results.map((r) => r.statusCode)).toEqual(bodies.map(() => 201));
    await expectAggregatesExact();
    expect((await snapshot(ctx.db)).totals).toEqual([
      { supplier_id: refs.supplier.id, sales_count: 12, total_cost: '300.30' },
      { supplier_id: otherSupplier, sales_count: 12, total_cost: '300.30' },
    ]);
  });

  it('follow payments, travel dates and item due dates exactly', async () => {
    const created = await call(
      'POST',
      '/api/sales',
      saleBody(refs, ctx.users.sales.id, {
        items: [
          { ...item(refs.supplier.id, '100.00'), paymentDate: '2031-01-10' },
          item(refs.supplier.id, '50.00'),
          { ...item(otherSupplier, '25.25'), paymentDate: '2031-01-10' },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const sale = created.json().sale;
    await expectAggregatesExact();
    expect((await snapshot(ctx.db)).balances).toContainEqual(
      expect.objectContaining({ sale_id: sale.id, paid: '0.00', pending: Number(sale.salePrice).toFixed(2) }),
    );

    const pay = async (amount: string, status: 'confirmed' | 'pending') => {
      const res = await call('POST', '/api/payments', {
        saleId: sale.id,
        amount,
        date: '2030-01-01',
        method: 'transfer',
        status,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().payment.id as number;
    };
    const deposit = await pay('10.01', 'confirmed');
    const promised = await pay('20.00', 'pending');
    await expectAggregatesExact();
    expect((await snapshot(ctx.db)).balances).toContainEqual(
      expect.objectContaining({ sale_id: sale.id, paid: '10.01' }),
    );

    const confirmed = await call('PUT', `/api/payments/${promised}`, {
      amount: '30.00',
      date: '2030-01-02',
      method: 'transfer',
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await expectAggregatesExact();
    expect((await call('DELETE', `/api/payments/${deposit}`)).statusCode).toBe(200);
    await expectAggregatesExact();

    // A new travel date moves the dues of items without a payment date; paying in full closes the sale.
    const current = (
      await ctx.app.inject({ method: 'GET', url: `/api/sales/${sale.id}`, headers: await ctx.auth('admin') })
    ).json();
    const moved = await call('PUT', `/api/sales/${sale.id}`, {
      ...saleBody(refs, ctx.users.sales.id, {
        items: [
          { ...item(refs.supplier.id, '100.00'), paymentDate: '2031-02-01' },
          item(otherSupplier, '50.00'),
        ],
        saleData: { travelDate: '2031-03-03' },
      }),
      version: current.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectAggregatesExact();
    const rest = (Number(moved.json().sale.salePrice) - 30).toFixed(2);
    await pay(rest, 'confirmed');
    await expectAggregatesExact();
    expect((await snapshot(ctx.db)).balances.map((b) => (b as { sale_id: number }).sale_id)).not.toContain(
      sale.id,
    );
  });
});
