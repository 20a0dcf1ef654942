import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { formatDate } from '../../../src/domain/format';
import { addDays } from '../../../src/domain/report-params';
import { latestEntry } from '../../helpers/audit';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The documents (docs/product.md#documents): the quote of a draft (preview and kept versions), its
 * acceptance, and the itinerary.
 */
let ctx: TestContext;
let refs: SaleRefs;
type Who = 'admin' | 'sales' | 'finance';
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who = 'admin', payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });

const CONDITIONS = 'Precios sujetos a disponibilidad.\nNo incluye propinas.';
const EMERGENCY = 'Emergencias 24 h: +56 9 1111 2222';

/** The PDF's text with runs of spaces as one (the extractor spaces cells and labels unevenly); pages split by \n. */
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).replace(/[ \t]+/g, ' ');

/** A sale of `status` sold by `sellerId`, with the items given (the helper's one item by default). */
async function sale(status: 'draft' | 'confirmed', items?: object[], sellerId = ctx.users.sales.id) {
  const res = await call(
    'POST',
    '/api/sales',
    'admin',
    saleBody(refs, sellerId, { saleData: { status }, items }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().sale as { id: number; salePrice: number; version: number };
}

const item = (overrides: object) => ({
  classificationId: String(refs.classification.id),
  supplierId: String(refs.supplier.id),
  operatorId: String(refs.operator.id),
  passengers: [refs.passengers[0]?.id],
  salePrice: '100.10',
  costPrice: '77.77',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'cotiz');
  const settings = await call('PUT', '/api/company/settings', 'admin', {
    name: 'Viajes Documentos SpA',
    quoteConditions: CONDITIONS,
    emergencyContact: EMERGENCY,
  });
  expect(settings.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('the quote of a draft', () => {
  it('shows client, passengers, each item and the total to the cent, never cost, supplier dues or codes', async () => {
    const { id } = await sale('draft');
    const res = await call('GET', `/api/sales/${id}/quote.pdf`, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Borrador de cotización');
    expect(text).toContain(refs.client.name);
    for (const p of refs.passengers) expect(text).toContain(p.name);
    expect(text).toContain('Paquete Madrid 7 noches');
    expect(text).toContain(`${formatDate('2031-02-10')} - ${formatDate('2031-02-17')}`);
    expect(text).toContain('US$ 1,500.50');
    expect(text).toContain('Total: US$ 1,500.50');
    // Default validity: the agency's today plus the company's 7 days.
    expect(text).toContain(`Válida hasta: ${formatDate(addDays(agencyToday(), 7))}`);
    expect(text).toContain('Precios sujetos a disponibilidad.');
    expect(text).toContain('No incluye propinas.');
    for (const hidden of [
      '1,200.25',
      'ABC123',
      formatDate('2031-01-30'),
      refs.supplier.name,
      refs.operator.name,
    ])
      expect(text).not.toContain(hidden);
  });

  it('takes "Válida hasta" from the query, and refuses a past or malformed one', async () => {
    const { id } = await sale('draft');
    const ok = await call('GET', `/api/sales/${id}/quote.pdf?validUntil=2031-03-15`);
    expect(await textOf(ok.rawPayload)).toContain(`Válida hasta: ${formatDate('2031-03-15')}`);
    const past = await call('GET', `/api/sales/${id}/quote.pdf?validUntil=2020-01-01`);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('La fecha Válida hasta no puede ser anterior a hoy');
    expect((await call('GET', `/api/sales/${id}/quote.pdf?validUntil=15-03-2031`)).statusCode).toBe(400);
    expect((await call('GET', `/api/sales/${id}/quote.pdf?valid=2031-03-15`)).statusCode).toBe(400);
  });

  it('is refused (409, in Spanish) for a confirmed or cancelled sale, and nothing is kept', async () => {
    const confirmed = await sale('confirmed');
    const res = await call('GET', `/api/sales/${confirmed.id}/quote.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo se cotiza una venta en borrador; esta venta está confirmada');
    const cancelled = await sale('draft');
    expect(
      (await call('PUT', `/api/sales/${cancelled.id}`, 'admin', { status: 'cancelled' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/sales/${cancelled.id}/quote.pdf`)).statusCode).toBe(409);
    expect((await call('POST', `/api/sales/${cancelled.id}/quotes`, 'admin', {})).statusCode).toBe(409);
    expect((await call('GET', `/api/sales/${cancelled.id}/quotes`)).json().quotes).toEqual([]);
  });

  it('keeps each version (COT-<sale>-<n>) with its exact bytes, even after the sale changes', async () => {
    const { id } = await sale('draft');
    const first = await call('POST', `/api/sales/${id}/quotes`, 'sales', { validUntil: '2031-01-31' });
    expect(first.statusCode).toBe(201);
    expect(first.json().quote).toEqual(
      expect.objectContaining({
        version: 1,
        number: `COT-${id}-1`,
        validUntil: '2031-01-31',
        createdBy: 'sales_base',
      }),
    );
    const v1 = await call('GET', `/api/sales/${id}/quotes/1.pdf`, 'finance');
    expect(v1.statusCode).toBe(200);
    expect(createHash('sha256').update(v1.rawPayload).digest('hex')).toBe(first.json().quote.sha256);
    expect(await textOf(v1.rawPayload)).toContain(`Cotización COT-${id}-1`);

    // The sale's price changes; version 1 stays what the client received, version 2 has the new price.
    const edited = saleBody(refs, ctx.users.sales.id, {
      items: [item({ description: 'Crucero', salePrice: '2345.67' })],
    });
    expect((await call('PUT', `/api/sales/${id}`, 'admin', edited)).statusCode).toBe(200);
    const second = await call('POST', `/api/sales/${id}/quotes`, 'admin', {});
    expect(second.json().quote.number).toBe(`COT-${id}-2`);
    const again = await call('GET', `/api/sales/${id}/quotes/1.pdf`);
    expect(again.rawPayload.equals(v1.rawPayload)).toBe(true);
    expect(await textOf(again.rawPayload)).toContain('US$ 1,500.50');
    expect(await textOf((await call('GET', `/api/sales/${id}/quotes/2.pdf`)).rawPayload)).toContain(
      'Total: US$ 2,345.67',
    );
    const list = (await call('GET', `/api/sales/${id}/quotes`, 'sales')).json().quotes;
    expect(list.map((q: { number: string }) => q.number)).toEqual([`COT-${id}-2`, `COT-${id}-1`]);
    expect((await call('GET', `/api/sales/${id}/quotes/3.pdf`)).statusCode).toBe(404);
  });

  it('paginates a sale of 60 items, repeating the column headers on every page', async () => {
    const items = Array.from({ length: 60 }, (_, i) =>
      item({ description: `Servicio número ${i + 1}`, dateIn: '2031-02-10', salePrice: '10.01' }),
    );
    const { id } = await sale('draft', items);
    const text = await textOf((await call('GET', `/api/sales/${id}/quote.pdf`)).rawPayload);
    const pages = text.split('\n');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Servicio Fechas Pasajeros Precio');
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    for (let n = 1; n <= 60; n++) expect(text).toContain(`Servicio número ${n} `);
    expect(text).toContain('Total: US$ 600.60');
  });
});

describe('accepting the quote', () => {
  it('confirms the draft through the sale transition, in the audit trail; twice is a 409', async () => {
    const { id } = await sale('draft');
    const res = await call('POST', `/api/sales/${id}/quote/accept`, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.json().sale.status).toBe('confirmed');
    expect(await latestEntry(ctx, 'sale', id)).toEqual(
      expect.objectContaining({
        action: 'status',
        changes: [{ field: 'status', from: 'draft', to: 'confirmed' }],
      }),
    );
    expect((await call('POST', `/api/sales/${id}/quote/accept`, 'sales')).statusCode).toBe(409);
    expect((await call('POST', `/api/sales/${id}/quote/accept`, 'finance')).statusCode).toBe(403);
  });
});

describe('the itinerary', () => {
  it('lists each service with its operator, code ("por confirmar" when missing), dates and passengers, in travel order', async () => {
    const { id } = await sale('confirmed', [
      item({ description: 'Vuelo de regreso', dateIn: '2031-02-20', reservationCode: 'VUELTA9' }),
      item({ description: 'Hotel sin reservar', dateIn: '2031-02-12', dateOut: '2031-02-19' }),
      item({ description: 'Vuelo de ida', dateIn: '2031-02-11', reservationCode: 'IDA7' }),
    ]);
    const res = await call('GET', `/api/sales/${id}/itinerary.pdf`, 'sales');
    expect(res.statusCode).toBe(200);
    const text = await textOf(res.rawPayload);
    const at = (s: string) => text.indexOf(s);
    expect(at('Vuelo de ida')).toBeGreaterThan(-1);
    expect(at('Vuelo de ida')).toBeLessThan(at('Hotel sin reservar'));
    expect(at('Hotel sin reservar')).toBeLessThan(at('Vuelo de regreso'));
    expect(text).toContain('IDA7');
    expect(text).toContain('VUELTA9');
    expect(text).toMatch(/Hotel sin reservar .*por confirmar/);
    expect(text).toContain('Operador');
    expect(text).toContain(refs.operator.name);
    expect(text).toContain(refs.passengers[0]?.name);
    expect(text).toContain(EMERGENCY);
    // Never the supplier (the wholesaler the agency pays), a cost or a price.
    expect(text).not.toContain(refs.supplier.name);
    expect(text).not.toContain('Proveedor');
    expect(text).not.toContain('77.77');
    expect(text).not.toContain('100.10');
    expect(text).not.toContain('US$');
  });

  it('is refused for a draft and a cancelled sale', async () => {
    const draft = await sale('draft');
    const res = await call('GET', `/api/sales/${draft.id}/itinerary.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'El itinerario es de una venta confirmada o liquidada; esta venta está borrador',
    );
    const cancelled = await sale('confirmed');
    await call('PUT', `/api/sales/${cancelled.id}`, 'admin', { status: 'cancelled' });
    expect((await call('GET', `/api/sales/${cancelled.id}/itinerary.pdf`)).statusCode).toBe(409);
  });
});

describe("another seller's sale", () => {
  it('does not exist for a seller: 404 on every document, nothing kept or changed', async () => {
    const other = (
      await call('POST', '/api/users', 'admin', {
        username: 'otro_vendedor',
        email: 'otro@test.cl',
        password: 'secreto123',
        role: 'sales',
      })
    ).json().user;
    const draft = await sale('draft', undefined, other.id);
    await call('POST', `/api/sales/${draft.id}/quotes`, 'admin', {});
    const confirmed = await sale('confirmed', undefined, other.id);
    for (const url of [
      `/api/sales/${draft.id}/quote.pdf`,
      `/api/sales/${draft.id}/quotes`,
      `/api/sales/${draft.id}/quotes/1.pdf`,
      `/api/sales/${confirmed.id}/itinerary.pdf`,
    ])
      expect((await call('GET', url, 'sales')).statusCode, url).toBe(404);
    expect((await call('POST', `/api/sales/${draft.id}/quotes`, 'sales', {})).statusCode).toBe(404);
    expect((await call('POST', `/api/sales/${draft.id}/quote/accept`, 'sales')).statusCode).toBe(404);
    expect((await call('GET', `/api/sales/${draft.id}`)).json().status).toBe('draft');
    expect((await call('GET', `/api/sales/${draft.id}/quotes`)).json().quotes).toHaveLength(1);
  });
});
