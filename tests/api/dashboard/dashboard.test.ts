import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { addDays } from '../../../src/domain/report-params';
import { sales } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * A known data set: four sales by the sales user and two by the admin, with fixed prices, statuses,
 * service types, regions, travel dates and creation dates; every figure below follows from it.
 */
let ctx: TestContext;
let refs: SaleRefs;
// Days are the agency's (Santiago): after 21:00 there the UTC date is already tomorrow's, and the
// server's chart, departures and creation days follow the agency (decisions 0041, 0046).
const day = (offset: number) => addDays(agencyToday(), offset);

async function sale(
  seller: 'sales' | 'admin',
  o: {
    price: string;
    cost: string;
    status: string;
    service: string;
    region: string;
    travel: number;
    created: number;
  },
) {
  const headers = await ctx.auth('admin');
  const body = saleBody(refs, ctx.users[seller].id, {
    saleData: {
      serviceType: o.service,
      region: o.region,
      travelDate: day(o.travel),
      passengerName: `${seller} ${o.price}`,
    },
    items: [
      {
        classificationId: refs.classification.id,
        supplierId: refs.supplier.id,
        operatorId: refs.operator.id,
        passengers: [refs.passengers[0]?.id],
        salePrice: o.price,
        costPrice: o.cost,
      },
    ],
  });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/sales', headers, payload: body });
  const id = res.json().sale.id as number;
  await ctx.db
    .update(sales)
    .set({ status: o.status as 'confirmed', creationDate: sql`now() - make_interval(days => ${o.created})` })
    .where(eq(sales.id, id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'dash');
  await sale('sales', {
    price: '100.10',
    cost: '80.05',
    status: 'confirmed',
    service: 'flight',
    region: 'national',
    travel: 3,
    created: 0,
  });
  await sale('sales', {
    price: '200.20',
    cost: '150.00',
    status: 'completed',
    service: 'flight',
    region: 'international',
    travel: 10,
    created: 2,
  });
  await sale('sales', {
    price: '300.30',
    cost: '250.00',
    status: 'cancelled',
    service: 'hotel',
    region: 'national',
    travel: 5,
    created: 2,
  });
  await sale('sales', {
    price: '50.00',
    cost: '40.00',
    status: 'confirmed',
    service: 'package',
    region: 'national',
    travel: -4,
    created: 40,
  });
  await sale('admin', {
    price: '1000.00',
    cost: '900.00',
    status: 'confirmed',
    service: 'hotel',
    region: 'regional',
    travel: 1,
    created: 1,
  });
  await sale('admin', {
    price: '0.01',
    cost: '0.01',
    status: 'draft',
    service: 'insurance',
    region: 'national',
    travel: 2,
    created: 0,
  });
});
afterAll(() => ctx.close());

const get = async (url: string, who: 'admin' | 'sales' | 'finance') =>
  (await ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) })).json();

describe('dashboard figures', () => {
  it('revenue excludes cancelled sales: company-wide for admin and finance, own for sales', async () => {
    expect((await get('/api/sales/total', 'admin')).total).toBe(1350.31);
    expect((await get('/api/sales/total', 'finance')).total).toBe(1350.31);
    expect((await get('/api/sales/total', 'sales')).total).toBe(350.3);
  });

  it('counts by status and breaks down by service type and region with total cost', async () => {
    const admin = await get('/api/sales/stats', 'admin');
    expect(admin.salesByStatus).toEqual({ draft: 1, confirmed: 3, completed: 1, cancelled: 1 });
    expect(admin.salesCount).toBe(6);
    expect(admin.total).toBe(1350.31);
    expect(admin.salesByServiceType).toEqual({
      flight: { count: 2, totalCost: 230.05 },
      hotel: { count: 2, totalCost: 1150 },
      package: { count: 1, totalCost: 40 },
      insurance: { count: 1, totalCost: 0.01 },
    });
    expect(admin.salesByRegion).toEqual({
      national: { count: 4, totalCost: 370.06 },
      international: { count: 1, totalCost: 150 },
      regional: { count: 1, totalCost: 900 },
    });
    const own = await get('/api/sales/stats', 'sales');
    expect(own.salesByStatus).toEqual({ draft: 0, confirmed: 2, completed: 1, cancelled: 1 });
    expect(own.salesCount).toBe(4);
    expect(own.salesByRegion.regional).toBeUndefined();
  });

  it('lists upcoming departures: confirmed or completed, from today, soonest first, at most 5', async () => {
    const admin = await get('/api/sales/upcoming-departures', 'admin');
    expect(admin.departures.map((d: { passengerName: string }) => d.passengerName)).toEqual([
      'admin 1000.00',
      'sales 100.10',
      'sales 200.20',
    ]);
    expect(admin.departures[0]).toEqual(
      expect.objectContaining({ region: 'regional', serviceType: 'hotel', travelDate: day(1) }),
    );
    const own = await get('/api/sales/stats', 'sales');
    expect(own.departures.map((d: { passengerName: string }) => d.passengerName)).toEqual([
      'sales 100.10',
      'sales 200.20',
    ]);
  });

  it('gives 30 days of sales with zeros on quiet days, cancelled sales left out like the revenue', async () => {
    const { chartData } = await get('/api/sales/sales-overview', 'admin');
    expect(chartData).toHaveLength(30);
    expect(chartData[29]).toEqual(
      expect.objectContaining({ date: day(0), count: 2, totalSale: 100.11, totalCost: 80.06 }),
    );
    expect(chartData[28]).toEqual(expect.objectContaining({ date: day(-1), count: 1, totalSale: 1000 }));
    // Two days ago: the completed 200.20 only; the cancelled 300.30 of the same day is not counted.
    expect(chartData[27]).toEqual(
      expect.objectContaining({ date: day(-2), count: 1, totalSale: 200.2, totalCost: 150 }),
    );
    expect(chartData[0].date).toBe(day(-29));
    expect(chartData.filter((d: { count: number }) => d.count === 0)).toHaveLength(27);
    const own = (await get('/api/sales/sales-overview', 'sales')).chartData;
    expect(own[29].count).toBe(1);
  });

  it('takes a sale off the chart when it is cancelled, and puts it back if it is settled later', async () => {
    const id = await sale('admin', {
      price: '70.07',
      cost: '10.00',
      status: 'confirmed',
      service: 'flight',
      region: 'national',
      travel: 9,
      created: 5,
    });
    const onDay = async () => (await get('/api/sales/sales-overview', 'finance')).chartData[24];
    expect(await onDay()).toEqual(expect.objectContaining({ date: day(-5), count: 1, totalSale: 70.07 }));
    const headers = await ctx.auth('admin');
    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${id}`,
      headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await onDay()).toEqual(expect.objectContaining({ date: day(-5), count: 0, totalSale: 0 }));
    const settle = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${id}`,
      headers,
      payload: { status: 'completed' },
    });
    expect(settle.statusCode).toBe(200);
    expect(await onDay()).toEqual(expect.objectContaining({ date: day(-5), count: 1, totalSale: 70.07 }));
    await ctx.db.delete(sales).where(eq(sales.id, id));
  });

  it('groups by sale type too', async () => {
    const { salesBySaleType } = await get('/api/sales/stats-by-type', 'finance');
    expect(salesBySaleType).toEqual({ individual: { count: 6, totalCost: 1420.06 } });
  });
});
