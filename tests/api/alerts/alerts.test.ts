import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import type { Alert } from '../../../src/domain/alerts';
import { formatDate } from '../../../src/domain/format';
import { addDays } from '../../../src/domain/report-params';
import { sales } from '../../../src/server/db/schema';
import { type FinanceAgency, financeAgency, type ItemSpec } from '../../helpers/finance';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * Alerts before departure (GET /api/alerts), relative to today (UTC): unpaid clients and items
 * without a reservation code on sales travelling within `days`, supplier payments overdue or due
 * within 7 days (two kinds) while the supplier is owed, and drafts older than 7 days. A seller sees
 * their own.
 */
const today = agencyToday();
const day = (n: number) => addDays(today, n);

let ctx: TestContext;
let agency: FinanceAgency;
const sale = {} as Record<'a1' | 'a2' | 'a4' | 'd1' | 'd2' | 'draft', number>;
let owed: { id: number };

const get = (query: string, who: 'admin' | 'finance' | 'sales' = 'admin') =>
  agency.call('GET', `/api/alerts${query}`, undefined, who);
const kinds = (alerts: Alert[]) => alerts.map((a) => [a.kind, a.saleId]);

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'ale');
  const sellerA = ctx.users.sales.id;
  const sellerB = (await insertUser(ctx.db, 'sales', 'b')).id;
  const settled = await agency.supplier('Proveedor Saldado');
  owed = await agency.supplier('Proveedor Adeudado');
  const paidItem = (price: string, code: string | null = 'RES-9'): ItemSpec => ({
    salePrice: price,
    costPrice: '10.00',
    supplierId: settled.id,
    paymentDate: day(90),
    reservationCode: code,
  });
  const paidSale = async (travelDate: string, sellerId: number, items: ItemSpec[]) => {
    const id = await agency.sale({ travelDate, sellerId, items });
    await agency.pay(id, '1000.00');
    return id;
  };

  sale.a1 = await agency.sale({ travelDate: day(3), sellerId: sellerA, items: [paidItem('500.00')] });
  await agency.pay(sale.a1, '100.00');
  sale.a2 = await agency.sale({ travelDate: day(14), sellerId: sellerB, items: [paidItem('300.00', null)] });
  await agency.sale({ travelDate: day(15), sellerId: sellerA, items: [paidItem('300.00', null)] }); // after the window
  sale.a4 = await paidSale(today, sellerA, [paidItem('200.00'), paidItem('100.00', null)]); // travels today
  await agency.sale({ travelDate: day(-1), sellerId: sellerA, items: [paidItem('300.00', null)] }); // already left
  await agency.cancel(
    await agency.sale({ travelDate: day(2), sellerId: sellerA, items: [paidItem('90.00', null)] }),
  );

  // Supplier dues: 100 overdue, 200 due on the 7th day, 300 on the 8th (not yet flagged).
  const dueItem = (cost: string, paymentDate: string): ItemSpec => ({
    salePrice: '400.00',
    costPrice: cost,
    supplierId: owed.id,
    paymentDate,
  });
  sale.d1 = await paidSale(day(60), sellerA, [dueItem('100.00', day(-5))]);
  sale.d2 = await paidSale(day(60), sellerB, [dueItem('200.00', day(7))]);
  await paidSale(day(60), sellerA, [dueItem('300.00', day(8))]);

  // Drafts: one created 8 days ago (stale), one 7 days ago (not yet).
  sale.draft = await paidSale(day(60), sellerA, [paidItem('50.00')]);
  await agency.makeDraft(sale.draft, new Date(`${day(-8)}T12:00:00Z`));
  // The very start of the agency's day 7 days ago, in Santiago's own zone.
  const [start] = await ctx.db
    .select({
      epoch: sql<number>`extract(epoch from ${day(-7)}::timestamp at time zone 'America/Santiago')::float8`,
    })
    .from(sales)
    .limit(1);
  const startOfDay = new Date(Number(start?.epoch) * 1000);
  await agency.makeDraft(await paidSale(day(60), sellerA, [paidItem('50.00')]), startOfDay);

  const { pendingAmount } = (
    await agency.call('GET', `/api/supplier-payments/supplier/${settled.id}/sales`)
  ).json();
  await agency.paySupplier(settled.id, String(pendingAmount));
});
afterAll(() => ctx.close());

describe('GET /api/alerts', () => {
  it('lists every kind in order of urgency, soonest first, with counts and Spanish messages', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(kinds(body.alerts)).toEqual([
      ['client-balance', sale.a1],
      ['client-balance', sale.a2],
      ['missing-reservation-code', sale.a4],
      ['missing-reservation-code', sale.a2],
      ['supplier-overdue', sale.d1],
      ['supplier-due', sale.d2],
      ['stale-draft', sale.draft],
    ]);
    expect(body.counts).toEqual({
      'client-balance': 2,
      'missing-reservation-code': 2,
      'document-missing': 0,
      'document-expiring': 0,
      'minor-travelling': 0,
      'supplier-overdue': 1,
      'supplier-due': 1,
      'stale-draft': 1,
    });
    const [a1, , a4, , d1, d2] = body.alerts as Alert[];
    expect(a1).toMatchObject({
      amount: 400,
      travelDate: day(3),
      dueDate: day(3),
      message: `El cliente debe US$ 400.00 y viaja el ${formatDate(day(3))}`,
    });
    expect(a4?.message).toBe(`1 ítem sin código de reserva; viaja el ${formatDate(today)}`);
    expect(a4?.amount).toBeUndefined();
    expect(d1).toMatchObject({
      amount: 100,
      dueDate: day(-5),
      message: `Pago a Proveedor Adeudado de US$ 100.00 venció el ${formatDate(day(-5))}`,
    });
    expect(d2?.message).toBe(`Pago a Proveedor Adeudado de US$ 200.00 vence el ${formatDate(day(7))}`);
    expect(body.alerts[6].message).toBe(`Borrador sin confirmar desde el ${formatDate(day(-8))}`);
  });

  it('gives a seller the alerts of their own sales only; finance sees the company', async () => {
    const own = (await get('', 'sales')).json();
    expect(kinds(own.alerts)).toEqual([
      ['client-balance', sale.a1],
      ['missing-reservation-code', sale.a4],
      ['supplier-overdue', sale.d1],
      ['stale-draft', sale.draft],
    ]);
    expect(own.counts).toEqual({
      'client-balance': 1,
      'missing-reservation-code': 1,
      'document-missing': 0,
      'document-expiring': 0,
      'minor-travelling': 0,
      'supplier-overdue': 1,
      'supplier-due': 0,
      'stale-draft': 1,
    });
    expect((await get('', 'finance')).json().alerts).toHaveLength(7);
  });

  it('looks `days` ahead, filters one sale and limits each kind while counting all', async () => {
    expect(kinds((await get('?days=3')).json().alerts).slice(0, 3)).toEqual([
      ['client-balance', sale.a1],
      ['missing-reservation-code', sale.a4],
      ['supplier-overdue', sale.d1],
    ]);
    expect((await get('?days=3')).json().counts['client-balance']).toBe(1);
    expect(kinds((await get(`?saleId=${sale.a2}`)).json().alerts)).toEqual([
      ['client-balance', sale.a2],
      ['missing-reservation-code', sale.a2],
    ]);
    // Another seller's sale shows nothing to a seller, as if it had no alerts.
    expect((await get(`?saleId=${sale.a2}`, 'sales')).json().alerts).toEqual([]);
    const limited = (await get('?limit=1')).json();
    // The limit is per kind: the overdue payment does not crowd out the one due soon.
    expect(kinds(limited.alerts)).toContainEqual(['supplier-overdue', sale.d1]);
    expect(kinds(limited.alerts)).toContainEqual(['supplier-due', sale.d2]);
    expect(limited.alerts).toHaveLength(5);
    // Each count rides on its kind's list, but counts past the limit.
    expect(limited.counts['client-balance']).toBe(2);
    expect(limited.counts['missing-reservation-code']).toBe(2);
  });

  it('drops an alert once it is dealt with', async () => {
    await agency.pay(sale.a1, '400.00');
    await agency.paySupplier(owed.id, '100.00'); // settles the overdue item, the earliest due
    const body = (await get('')).json();
    expect(body.counts).toMatchObject({ 'client-balance': 1, 'supplier-overdue': 0, 'supplier-due': 1 });
    expect(kinds(body.alerts)).not.toContainEqual(['client-balance', sale.a1]);
    expect(kinds(body.alerts)).not.toContainEqual(['supplier-overdue', sale.d1]);
  });

  it('counts supplier dues of a partly paid day, per seller, leaving out items that cost nothing', async () => {
    // Four items due the same day, added in this order, and two later: payments settle the earliest
    // dues first and, within a day, the items added first; items that cost nothing owe nothing.
    const partial = await agency.supplier('Proveedor Parcial');
    const sellerB = (await insertUser(ctx.db, 'sales', 'c')).id;
    const ids: number[] = [];
    const owedItem = async (sellerId: number, cost: string, paymentDate: string) => {
      const id = await agency.sale({
        travelDate: day(60),
        sellerId,
        items: [{ salePrice: '10.00', costPrice: cost, supplierId: partial.id, paymentDate }],
      });
      await agency.pay(id, '10.00');
      ids.push(id);
    };
    const sellerA = ctx.users.sales.id;
    await owedItem(sellerA, '30.00', day(2)); // paid
    await owedItem(sellerB, '40.00', day(2)); // 10.00 unpaid
    await owedItem(sellerA, '0.00', day(2)); // owes nothing
    await owedItem(sellerA, '50.00', day(2)); // unpaid
    await owedItem(sellerA, '0.00', day(5)); // owes nothing
    await owedItem(sellerB, '20.00', day(5)); // unpaid
    await agency.paySupplier(partial.id, '60.00');

    const ofPartial = (alerts: Alert[]) =>
      alerts
        .filter((a) => a.kind === 'supplier-due' && a.message.includes('Proveedor Parcial'))
        .map((a) => [a.saleId, a.amount]);
    const company = (await get('?limit=200')).json();
    expect(ofPartial(company.alerts)).toEqual([
      [ids[1], 10],
      [ids[3], 50],
      [ids[5], 20],
    ]);
    const own = (await get('?limit=200', 'sales')).json();
    expect(ofPartial(own.alerts)).toEqual([[ids[3], 50]]);
    // Every count equals what is listed when nothing is left out by the limit.
    for (const body of [company, own])
      for (const [kind, n] of Object.entries(body.counts))
        expect(
          body.alerts.filter((a: Alert) => a.kind === kind),
          kind,
        ).toHaveLength(n as number);
    expect((await get(`?saleId=${ids[1]}`)).json().counts['supplier-due']).toBe(1);
    expect((await get(`?saleId=${ids[0]}`)).json().counts['supplier-due']).toBe(0);
  });

  it('calls a payment due today "por vencer" and one due yesterday overdue, for the company and a seller', async () => {
    const edge = await agency.supplier('Proveedor Borde');
    const item = (cost: string, paymentDate: string): ItemSpec => ({
      salePrice: '100.00',
      costPrice: cost,
      supplierId: edge.id,
      paymentDate,
    });
    const id = await agency.sale({
      travelDate: day(60),
      sellerId: ctx.users.sales.id,
      items: [item('11.00', day(0)), item('12.00', day(-1))],
    });
    await agency.pay(id, '200.00');
    for (const who of ['admin', 'sales'] as const) {
      const body = (await get(`?saleId=${id}`, who)).json();
      expect(body.counts, who).toMatchObject({ 'supplier-overdue': 1, 'supplier-due': 1 });
      expect(
        body.alerts.map((a: Alert) => [a.kind, a.message]),
        who,
      ).toEqual([
        ['supplier-overdue', `Pago a Proveedor Borde de US$ 12.00 venció el ${formatDate(day(-1))}`],
        ['supplier-due', `Pago a Proveedor Borde de US$ 11.00 vence el ${formatDate(day(0))}`],
      ]);
    }
  });

  it('refuses malformed parameters with a Spanish 400', async () => {
    for (const query of [
      '?days=0',
      '?days=1e1',
      '?days=0x10',
      '?days=true',
      '?saleId=abc',
      '?limit=0',
      '?x=1',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/debe|desconocid|superar/i);
    }
    expect((await get('')).statusCode).toBe(200);
    expect((await agency.call('GET', '/api/alerts', undefined, 'anonymous')).statusCode).toBe(401);
  });
});
