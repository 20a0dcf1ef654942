import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import type { Alert } from '../../../src/domain/alerts';
import {
  addMonths,
  passengerDocumentWarnings,
  type WarningPassenger,
} from '../../../src/domain/passenger-document-warnings';
import { addDays } from '../../../src/domain/report-params';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { itemBody, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * The travel-document alerts (decision 0098): on an international sale, not cancelled, departing
 * from today to `days` ahead, each passenger's missing document, document expiring before six months
 * after the return, and minor travelling. National, cancelled and departed sales raise none.
 */
const today = agencyToday();
const day = (n: number) => addDays(today, n);
const DOCUMENT_KINDS = ['document-missing', 'document-expiring', 'minor-travelling'];

let ctx: TestContext;
let agency: FinanceAgency;
const pax = {} as Record<'ana' | 'bea' | 'carla' | 'tomas', WarningPassenger>;
const sale = {} as Record<'main' | 'later' | 'other', number>;

const get = async (query: string, who: 'admin' | 'sales' = 'admin') => {
  const res = await agency.call('GET', `/api/alerts${query}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { alerts: Alert[]; counts: Record<string, number> };
};
const documentAlerts = (alerts: Alert[]) =>
  alerts.filter((a) => DOCUMENT_KINDS.includes(a.kind)).map((a) => [a.kind, a.saleId, a.message]);

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'doc');
  const passenger = async (key: keyof typeof pax, body: Omit<WarningPassenger, 'id'>) => {
    const res = await agency.call('POST', '/api/passengers', { ...body, passengerId: `DOC-${key}` });
    expect(res.statusCode, res.body).toBe(201);
    pax[key] = { ...body, id: res.json().passenger.id };
  };
  const returnDay = day(12);
  const passport = { documentType: 'passport' as const, documentNumber: 'F123' };
  // Expires the day before six months after the return: flagged. Bea's expires on that day: not.
  await passenger('ana', {
    name: 'Ana Pérez',
    dateOfBirth: '1980-01-01',
    ...passport,
    documentExpiry: addDays(addMonths(returnDay, 6), -1),
  });
  await passenger('bea', {
    name: 'Bea Soto',
    dateOfBirth: '1981-01-01',
    ...passport,
    documentExpiry: addMonths(returnDay, 6),
  });
  await passenger('carla', {
    name: 'Carla Díaz',
    dateOfBirth: '1982-01-01',
    ...passport,
    documentExpiry: null,
  });
  // Turns 18 the day after the travel date, and has no document number.
  await passenger('tomas', {
    name: 'Tomás Pérez',
    dateOfBirth: addMonths(day(6), -18 * 12),
    documentType: 'dni',
    documentNumber: null,
    documentExpiry: null,
  });

  const create = async (
    passengers: WarningPassenger[],
    saleData: { travelDate: string; region?: string },
    sellerId = ctx.users.sales.id,
    dates: { dateIn: string | null; dateOut: string | null } = { dateIn: null, dateOut: null },
  ) => {
    const body = saleBody(agency.refs, sellerId, {
      saleData: { region: 'international', passengerCount: passengers.length, ...saleData },
      items: [
        itemBody(agency.refs, { passengers: passengers.map((p) => p.id), paymentDate: null, ...dates }),
      ],
    });
    const res = await agency.call('POST', '/api/sales', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().sale.id as number;
  };
  const all = [pax.ana, pax.bea, pax.carla, pax.tomas];
  sale.main = await create(all, { travelDate: day(5) }, ctx.users.sales.id, {
    dateIn: day(5),
    dateOut: returnDay,
  });
  sale.later = await create([pax.tomas], { travelDate: day(30) });
  const sellerB = (await insertUser(ctx.db, 'sales', 'docb')).id;
  sale.other = await create([pax.carla], { travelDate: day(7) }, sellerB);
  // None of these raise a document alert: national, cancelled, already left.
  await create(all, { travelDate: day(3), region: 'national' });
  await create(all, { travelDate: day(3), region: 'regional' });
  await agency.cancel(await create(all, { travelDate: day(4) }));
  await create(all, { travelDate: day(-1) });
});
afterAll(() => ctx.close());

describe('travel-document alerts', () => {
  it('lists each passenger warning of the departing international sales, with the domain rule’s words', async () => {
    const body = await get('');
    const trip = { travelDate: day(5), returnDate: day(12), international: true };
    const words = (p: WarningPassenger, kind: string) =>
      passengerDocumentWarnings(trip, [p]).find((w) => w.kind === kind)?.message;
    expect(documentAlerts(body.alerts)).toEqual([
      ['document-missing', sale.main, 'Falta la fecha de vencimiento del pasaporte de Carla Díaz.'],
      ['document-missing', sale.main, 'Falta el número de documento de Tomás Pérez.'],
      ['document-missing', sale.other, 'Falta la fecha de vencimiento del pasaporte de Carla Díaz.'],
      ['document-expiring', sale.main, words(pax.ana, 'documentExpiring')],
      ['minor-travelling', sale.main, words(pax.tomas, 'minorTravelling')],
    ]);
    expect(words(pax.ana, 'documentExpiring')).toMatch(
      /^El pasaporte de Ana Pérez vence el .*después del regreso\.$/,
    );
    expect(body.counts).toMatchObject({
      'document-missing': 3,
      'document-expiring': 1,
      'minor-travelling': 1,
    });
    const expiring = body.alerts.find((a) => a.kind === 'document-expiring');
    expect(expiring).toMatchObject({ travelDate: day(5), dueDate: day(5) });
  });

  it('looks `days` ahead, limits each kind while counting all, and filters one sale', async () => {
    const ahead = await get('?days=30');
    expect(ahead.counts).toMatchObject({ 'document-missing': 4, 'minor-travelling': 1 });
    // Tomás is 18 by the later trip: only his missing number is flagged there.
    expect(documentAlerts(ahead.alerts).filter(([, id]) => id === sale.later)).toEqual([
      ['document-missing', sale.later, 'Falta el número de documento de Tomás Pérez.'],
    ]);
    const limited = await get('?limit=1');
    expect(limited.alerts.filter((a) => a.kind === 'document-missing')).toHaveLength(1);
    expect(limited.counts['document-missing']).toBe(3);
    const one = await get(`?saleId=${sale.other}`);
    expect(documentAlerts(one.alerts)).toEqual([
      ['document-missing', sale.other, 'Falta la fecha de vencimiento del pasaporte de Carla Díaz.'],
    ]);
  });

  it('gives a seller the warnings of their own sales only', async () => {
    const own = await get('', 'sales');
    expect(own.counts).toMatchObject({
      'document-missing': 2,
      'document-expiring': 1,
      'minor-travelling': 1,
    });
    expect(own.alerts.some((a) => a.saleId === sale.other)).toBe(false);
  });

  it('drops a warning once the passenger’s document is fixed', async () => {
    const res = await agency.call('PUT', `/api/passengers/${pax.carla.id}`, {
      name: pax.carla.name,
      passengerId: 'DOC-carla',
      dateOfBirth: pax.carla.dateOfBirth,
      documentExpiry: '2099-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = await get('');
    expect(body.counts['document-missing']).toBe(1);
    expect(body.alerts.some((a) => a.message.includes('Carla'))).toBe(false);
  });
});
