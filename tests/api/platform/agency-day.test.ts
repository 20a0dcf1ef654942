import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../src/domain/agency-day';
import { sessions } from '../../../src/server/db/schema';
import { readCsv } from '../../helpers/exports';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The agency's day (docs/product.md#dates): at 23:30 on 31 December in Santiago it is already 02:30 on 1
 * January in UTC. Reports, alerts, Cobranza's `asOf`, the dashboard's departures and a new invoice must all
 * say 31 December 2026, the Santiago day, not the server's UTC one. Only JavaScript's clock is faked:
 * the server passes the day into SQL instead of asking PostgreSQL for `current_date`.
 */
const SANTIAGO_2330 = new Date('2027-01-01T02:30:00Z');
const SANTIAGO_DAY = '2026-12-31';

let ctx: TestContext;
let agency: FinanceAgency;
let saleToday: number;
let completed: number;

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'dia');
  // Travels on the Santiago day and owes all of it: due "today" there, yesterday in UTC.
  saleToday = await agency.sale({
    travelDate: SANTIAGO_DAY,
    items: [{ salePrice: '500.00', costPrice: '300.00' }],
  });
  completed = await agency.sale({
    travelDate: '2026-12-20',
    items: [{ salePrice: '100.00', costPrice: '50.00' }],
  });
  const done = await agency.call('PUT', `/api/sales/${completed}`, { status: 'completed' });
  expect(done.statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** Freezes JavaScript's clock at 23:30 in Santiago; sessions are brought up to that moment. */
async function atSantiago2330() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SANTIAGO_2330);
  // Sessions were last seen at the real time, weeks before the faked one: they would be idle.
  await ctx.db.update(sessions).set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) });
}
afterEach(() => {
  vi.useRealTimers();
});

describe("the agency's day at 23:30 in Santiago (02:30 UTC the next day)", () => {
  it('reports, Cobranza and payables default to the Santiago day', async () => {
    await atSantiago2330();
    const receivables = await agency.call('GET', '/api/reports/receivables');
    expect(receivables.statusCode).toBe(200);
    expect(receivables.json().asOf).toBe(SANTIAGO_DAY);
    const payables = await agency.call('GET', '/api/reports/payables');
    expect(payables.json().asOf).toBe(SANTIAGO_DAY);
    // Without a range the sales report covers the agency's calendar year, still 2026.
    const report = (await agency.call('GET', '/api/reports/sales')).json();
    expect([report.from, report.to]).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('alerts and upcoming departures still count a sale travelling on the Santiago day', async () => {
    await atSantiago2330();
    const alerts = (await agency.call('GET', '/api/alerts')).json();
    expect(alerts.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'client-balance', saleId: saleToday })]),
    );
    await agency.call('PUT', `/api/sales/${saleToday}`, { status: 'confirmed' });
    const departures = (await agency.call('GET', '/api/sales/upcoming-departures')).json().departures;
    expect(departures.map((d: { id: number }) => d.id)).toContain(saleToday);
  });

  it('dates and numbers a new invoice by the Santiago day and year', async () => {
    await atSantiago2330();
    const res = await agency.call('POST', `/api/sales/${completed}/invoice`);
    expect(res.statusCode).toBe(201);
    const invoice = res.json().invoice;
    expect(invoice.date).toBe(SANTIAGO_DAY);
    expect(invoice.invoiceNumber).toMatch(/^F-2026-/);
  });

  it('names export files by the Santiago day and shows their times in Santiago, with the zone', async () => {
    const rates = (await agency.call('GET', '/api/company/currency-rates')).json().data;
    await atSantiago2330();
    const res = await agency.call('GET', '/api/company/currency-rates/export?format=csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tasas-de-cambio-${SANTIAGO_DAY}.csv"`,
    );
    const sheet = readCsv(res.rawPayload);
    const usd = rates.find((r: { currency: string }) => r.currency === 'USD');
    const row = sheet.rows.find((r) => r[0] === 'USD');
    expect(row?.[3]).toBe(formatDateTime(usd.lastUpdated, 'America/Santiago'));
    expect(row?.[3]).toMatch(/GMT-[34]$/);
  });

  it('follows the zone saved in the settings, and refuses an unknown one', async () => {
    const bad = await agency.call('PUT', '/api/company/settings', {
      name: 'Agencia',
      timeZone: 'Marte/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La zona horaria no es válida (por ejemplo America/Santiago)');
    const saved = await agency.call('PUT', '/api/company/settings', { name: 'Agencia', timeZone: 'UTC' });
    expect(saved.json().data).toMatchObject({ timeZone: 'UTC', largeAmountThreshold: 100000 });
    await atSantiago2330();
    // In UTC it is already 1 January 2027: the cached zone was refreshed by the PUT.
    expect((await agency.call('GET', '/api/reports/receivables')).json().asOf).toBe('2027-01-01');
    vi.useRealTimers();
    await agency.call('PUT', '/api/company/settings', { name: 'Agencia', timeZone: 'America/Santiago' });
  });
});
