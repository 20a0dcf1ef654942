import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { REPORT_DATE_FIELDS, REPORT_GROUPS } from '../../../src/domain/reports';
import { sales } from '../../../src/server/db/schema';
import { salesReport } from '../../../src/server/modules/reports/sales-report';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * Reportes (GET /api/reports/sales): sales, sale total, cost, profit and margin per group over a date
 * range. Cancelled sales count nowhere; a seller sees only their own sales. Travel dates in 2032 keep
 * the range exact; creation dates are today's.
 */
let ctx: TestContext;
let agency: FinanceAgency;
let sellerB: { id: number };
const ids = {} as Record<'s1' | 's2' | 'c1' | 'c2', number>;

const get = (query: string, who: 'admin' | 'finance' | 'sales' = 'admin') =>
  agency.call('GET', `/api/reports/sales${query}`, undefined, who);
const RANGE = 'from=2032-01-01&to=2032-12-31&dateField=travel';

const item = (s: 's1' | 's2', c: 'c1' | 'c2', salePrice: string, costPrice: string) => ({
  supplierId: ids[s],
  classificationId: ids[c],
  salePrice,
  costPrice,
});

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'rep');
  sellerB = await insertUser(ctx.db, 'sales', 'b');
  ids.s1 = (await agency.supplier('Proveedor Uno')).id;
  ids.s2 = (await agency.supplier('Proveedor Dos')).id;
  ids.c1 = (await agency.classification('Clase Uno')).id;
  ids.c2 = (await agency.classification('Clase Dos')).id;
  const sellerA = ctx.users.sales.id;
  // r1: two items with two suppliers; r2 and r3 one item each.
  await agency.sale({
    travelDate: '2032-01-15',
    sellerId: sellerA,
    region: 'national',
    serviceType: 'flight',
    items: [item('s1', 'c1', '100.10', '80.05'), item('s2', 'c2', '50.00', '30.00')],
  });
  await agency.sale({
    travelDate: '2032-01-31',
    sellerId: sellerA,
    serviceType: 'hotel',
    items: [item('s1', 'c1', '200.00', '150.00')],
  });
  await agency.sale({
    travelDate: '2032-02-01',
    sellerId: sellerB.id,
    serviceType: 'hotel',
    items: [item('s2', 'c2', '300.30', '200.20')],
  });
  // Outside the range, and cancelled: none of these count.
  await agency.sale({ travelDate: '2031-12-31', items: [item('s1', 'c1', '70.00', '10.00')] });
  await agency.sale({ travelDate: '2033-01-01', items: [item('s1', 'c1', '70.00', '10.00')] });
  await agency.cancel(
    await agency.sale({ travelDate: '2032-02-10', items: [item('s1', 'c1', '1000.00', '900.00')] }),
  );
});
afterAll(() => ctx.close());

const row = (
  key: string,
  label: string,
  n: number,
  sale: number,
  cost: number,
  profit: number,
  margin: number,
) => ({
  key,
  label,
  salesCount: n,
  totalSale: sale,
  totalCost: cost,
  profit,
  margin,
});
const TOTALS = { salesCount: 3, totalSale: 650.4, totalCost: 460.25, profit: 190.15, margin: 29.24 };

describe('GET /api/reports/sales', () => {
  it('groups by travel month with exact sums, profit and margin', async () => {
    const res = await get(`?groupBy=month&${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2032-01-01',
      to: '2032-12-31',
      rows: [
        row('2032-01', 'ene 2032', 2, 350.1, 260.05, 90.05, 25.72),
        row('2032-02', 'feb 2032', 1, 300.3, 200.2, 100.1, 33.33),
      ],
      totals: TOTALS,
    });
  });

  it('groups by supplier and classification per item, counting each sale once in the totals', async () => {
    const bySupplier = (await get(`?groupBy=supplier&${RANGE}`)).json();
    expect(bySupplier.rows).toEqual([
      row(String(ids.s2), 'Proveedor Dos', 2, 350.3, 230.2, 120.1, 34.28),
      row(String(ids.s1), 'Proveedor Uno', 2, 300.1, 230.05, 70.05, 23.34),
    ]);
    expect(bySupplier.totals).toEqual(TOTALS);
    const byClass = (await get(`?groupBy=classification&${RANGE}`)).json();
    expect(byClass.rows.map((r: { label: string; totalSale: number }) => [r.label, r.totalSale])).toEqual([
      ['Clase Dos', 350.3],
      ['Clase Uno', 300.1],
    ]);
  });

  it('groups by seller, region and service type with Spanish labels', async () => {
    const bySeller = (await get(`?groupBy=seller&${RANGE}`)).json().rows;
    expect(bySeller).toEqual([
      row(String(ctx.users.sales.id), 'sales_base', 2, 350.1, 260.05, 90.05, 25.72),
      row(String(sellerB.id), 'sales_b', 1, 300.3, 200.2, 100.1, 33.33),
    ]);
    const byRegion = (await get(`?groupBy=region&${RANGE}`)).json().rows;
    expect(byRegion).toEqual([
      row('international', 'Internacional', 2, 500.3, 350.2, 150.1, 30),
      row('national', 'Nacional', 1, 150.1, 110.05, 40.05, 26.68),
    ]);
    const byService = (await get(`?groupBy=serviceType&${RANGE}`)).json().rows;
    expect(byService.map((r: { label: string; salesCount: number }) => [r.label, r.salesCount])).toEqual([
      ['Hotel', 2],
      ['Vuelo', 1],
    ]);
  });

  it('filters by creation date: every sale was created today', async () => {
    const today = agencyToday();
    const body = (await get(`?groupBy=month&from=${today}&to=${today}`)).json();
    // The three 2032 sales and the two outside the travel range; the cancelled one never counts.
    expect(body.totals).toMatchObject({ salesCount: 5, totalSale: 790.4, totalCost: 480.25 });
    const none = (await get(`?from=2020-01-01&to=2020-12-31`)).json();
    expect(none).toEqual({
      from: '2020-01-01',
      to: '2020-12-31',
      rows: [],
      totals: { salesCount: 0, totalSale: 0, totalCost: 0, profit: 0 },
    });
  });

  it('gives a seller their own sales only; admin and finance the company', async () => {
    const own = (await get(`?groupBy=month&${RANGE}`, 'sales')).json();
    expect(own.rows).toEqual([row('2032-01', 'ene 2032', 2, 350.1, 260.05, 90.05, 25.72)]);
    expect(own.totals.salesCount).toBe(2);
    expect((await get(`?groupBy=month&${RANGE}`, 'finance')).json().totals).toEqual(TOTALS);
  });

  it('defaults to the calendar year of the given bound', async () => {
    const body = (await get('?dateField=travel&from=2032-02-01')).json();
    expect([body.from, body.to, body.totals.salesCount]).toEqual(['2032-02-01', '2032-12-31', 1]);
    const year = agencyToday().slice(0, 4);
    expect((await get('')).json()).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31` });
  });

  it('gives the company (kept day rows) what the reports of its sellers (sales scanned) add up to', async () => {
    // The company's report reads report_days (migrations/0010); a seller's scans their sales. After
    // a sale with two items of one supplier, a cancellation and a deletion, both must agree for every group and date field.
    await agency.sale({
      travelDate: '2032-03-03',
      sellerId: sellerB.id,
      region: 'international',
      items: [item('s2', 'c1', '10.01', '5.02'), item('s2', 'c2', '0.99', '0.00')],
    });
    await agency.cancel(
      await agency.sale({ travelDate: '2032-03-04', items: [item('s1', 'c1', '9.00', '1.00')] }),
    );
    const dropped = await agency.sale({
      travelDate: '2032-03-05',
      items: [item('s1', 'c2', '8.00', '2.00')],
    });
    const headers = await ctx.auth('admin');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/sales/${dropped}`, headers })).statusCode,
    ).toBe(200);
    const sellers = (await ctx.db.selectDistinct({ id: sales.sellerId }).from(sales)).map((r) => r.id);
    const today = agencyToday();
    for (const dateField of REPORT_DATE_FIELDS)
      for (const groupBy of REPORT_GROUPS) {
        const range =
          dateField === 'travel' ? { from: '2032-01-01', to: '2032-12-31' } : { from: today, to: today };
        const query = { groupBy, dateField, ...range };
        const company = await salesReport(ctx.db, {}, query);
        const perSeller = await Promise.all(
          sellers.map((id) => salesReport(ctx.db, { sellerId: id }, query)),
        );
        const added = new Map<string, { salesCount: number; cents: [number, number] }>();
        for (const r of perSeller.flatMap((p) => p.rows)) {
          const a = added.get(r.key) ?? { salesCount: 0, cents: [0, 0] };
          a.salesCount += r.salesCount;
          a.cents = [a.cents[0] + Math.round(r.totalSale * 100), a.cents[1] + Math.round(r.totalCost * 100)];
          added.set(r.key, a);
        }
        const label = `${groupBy}/${dateField}`;
        expect(
          company.rows.map((r) => [
            r.key,
            r.salesCount,
            Math.round(r.totalSale * 100),
            Math.round(r.totalCost * 100),
          ]),
          label,
        ).toEqual(expect.arrayContaining([...added].map(([key, a]) => [key, a.salesCount, ...a.cents])));
        expect(company.rows, label).toHaveLength(added.size);
        const sum = (pick: (t: (typeof company)['totals']) => number) =>
          perSeller.reduce((n, p) => n + Math.round(pick(p.totals) * 100), 0);
        expect(
          [
            company.totals.salesCount * 100,
            Math.round(company.totals.totalSale * 100),
            Math.round(company.totals.totalCost * 100),
          ],
          label,
        ).toEqual([sum((t) => t.salesCount), sum((t) => t.totalSale), sum((t) => t.totalCost)]);
      }
  });

  it('refuses malformed parameters with a Spanish 400', async () => {
    for (const query of [
      '?groupBy=week',
      '?dateField=payment',
      '?from=2032-1-1',
      '?to=2032-02-31',
      '?from=2032-05-01&to=2032-04-01',
      '?from=true',
      '?groupBy=month&groupBy=seller',
      '?limit=10',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/debe|desconocid|posterior/i);
    }
    expect((await get('?from=2032-05-01&to=2032-04-01')).json().message).toBe(
      'La fecha desde no puede ser posterior a la fecha hasta',
    );
  });
});
