import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, emailAttachments, emails, saleQuotes } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * "Enviar" refused (docs/decisions/0064-sending-documents.md): every bad request is a 4xx with a Spanish
 * message and leaves nothing behind, neither a queued message nor a kept quote version. This app has no
 * SMTP_URL.
 */
let ctx: TestContext;
let refs: SaleRefs;
let draft: number;
let confirmed: number;
let cancelled: number;
let confirmedPayment: number;
let pendingPayment: number;
let otherSeller: { id: number };
type Who = 'admin' | 'sales' | 'finance';

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who = 'admin', payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });
const send = (body: object, who: Who = 'sales') => call('POST', '/api/emails', who, body);
async function newSale(
  status: 'draft' | 'confirmed',
  sellerId = ctx.users.sales.id,
  clientId = refs.client.id,
) {
  const res = await call(
    'POST',
    '/api/sales',
    'admin',
    saleBody(refs, sellerId, { saleData: { status, clientId } }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().sale.id as number;
}
async function pay(saleId: number, status: 'pending' | 'confirmed') {
  const res = await call('POST', '/api/payments', 'admin', {
    saleId,
    date: '2031-01-15',
    amount: '10',
    status,
  });
  return res.json().payment.id as number;
}
/** Rows that a send writes: messages, their files, quote versions. */
const written = async () => ({
  emails: (await ctx.db.select({ n: count() }).from(emails))[0]?.n,
  files: (await ctx.db.select({ n: count() }).from(emailAttachments))[0]?.n,
  quotes: (await ctx.db.select({ n: count() }).from(saleQuotes))[0]?.n,
});

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'rechazo');
  otherSeller = await insertUser(ctx.db, 'sales', 'otro');
  draft = await newSale('draft');
  confirmed = await newSale('confirmed');
  cancelled = await newSale('confirmed');
  expect((await call('PUT', `/api/sales/${cancelled}`, 'admin', { status: 'cancelled' })).statusCode).toBe(
    200,
  );
  confirmedPayment = await pay(confirmed, 'confirmed');
  pendingPayment = await pay(confirmed, 'pending');
});
afterAll(() => ctx.close());

const quote = (extra: object = {}) => ({ kind: 'quote', saleId: draft, to: ['ana@cliente.cl'], ...extra });
const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@cliente.cl`);

describe('what is never sent', () => {
  const cases: [string, () => object, number, string, Who?][] = [
    ['an empty To', () => quote({ to: [] }), 400, 'Indica al menos un destinatario'],
    [
      'To that is not a list',
      () => quote({ to: 'ana@cliente.cl' }),
      400,
      'Los destinatarios deben ser una lista de emails',
    ],
    [
      'an invalid address in Cc',
      () => quote({ cc: ['ana@'] }),
      400,
      'El email del destinatario no es válido',
    ],
    [
      '21 recipients in To and Cc',
      () => quote({ to: many(15, 'a'), cc: many(6, 'c') }),
      400,
      'No se puede enviar a más de 20 destinatarios',
    ],
    [
      'CR/LF in an address',
      () => quote({ to: ['ana@cliente.cl\r\nBcc: todos@spam.cl'] }),
      400,
      'No se permiten saltos de línea ni caracteres de control',
    ],
    [
      'LF in a Cc address',
      () => quote({ cc: ['x@y.cl\nSubject: otro'] }),
      400,
      'No se permiten saltos de línea ni caracteres de control',
    ],
    [
      'a control character in the message',
      () => quote({ message: 'Hola\u0007' }),
      400,
      'El texto contiene caracteres de control no permitidos',
    ],
    [
      'an unknown placeholder',
      () => quote({ message: 'Hola {nombre}' }),
      400,
      'Marcador desconocido {nombre}: usa {cliente}, {documento} o {empresa}',
    ],
    ['an unknown field', () => quote({ subject: 'Otro asunto' }), 400, 'Llave desconocida: "subject"'],
    [
      'a payment id for a quote',
      () => ({ kind: 'quote', paymentId: confirmedPayment, to: ['a@b.cl'] }),
      400,
      'Una cotización se envía con saleId (la venta)',
    ],
    [
      'two ids',
      () => ({ kind: 'statement', clientId: refs.client.id, saleId: confirmed, to: ['a@b.cl'] }),
      400,
      'Un estado de cuenta se envía con clientId (el cliente)',
    ],
    [
      'a sale id for a receipt',
      () => ({ kind: 'receipt', saleId: confirmed, to: ['a@b.cl'] }),
      400,
      'Un comprobante se envía con paymentId (el pago)',
    ],
    [
      'an unknown kind',
      () => ({ kind: 'invoice', saleId: confirmed, to: ['a@b.cl'] }),
      400,
      'El documento debe ser quote, itinerary, receipt o statement',
    ],
    [
      'a validity for an itinerary',
      () => ({ kind: 'itinerary', saleId: confirmed, to: ['a@b.cl'], validUntil: '2031-01-01' }),
      400,
      'Válida hasta es solo de una cotización',
    ],
    [
      'a validity before today',
      () => quote({ validUntil: '2020-01-01' }),
      400,
      'La fecha Válida hasta no puede ser anterior a hoy',
    ],
    [
      'a period the wrong way round',
      () => ({
        kind: 'statement',
        clientId: refs.client.id,
        to: ['a@b.cl'],
        periodFrom: '2031-02-01',
        periodTo: '2031-01-01',
      }),
      400,
      'La fecha Desde no puede ser posterior a Hasta',
    ],
    [
      'the quote of a confirmed sale',
      () => quote({ saleId: confirmed }),
      409,
      'Solo se cotiza una venta en borrador; esta venta está confirmada',
    ],
    [
      'the quote of a cancelled sale',
      () => quote({ saleId: cancelled }),
      409,
      'Solo se cotiza una venta en borrador; esta venta está cancelada',
    ],
    [
      'the itinerary of a cancelled sale',
      () => ({ kind: 'itinerary', saleId: cancelled, to: ['a@b.cl'] }),
      409,
      'El itinerario es de una venta confirmada o liquidada; esta venta está cancelada',
    ],
    [
      'the itinerary of a draft',
      () => ({ kind: 'itinerary', saleId: draft, to: ['a@b.cl'] }),
      409,
      'El itinerario es de una venta confirmada o liquidada; esta venta está borrador',
    ],
    [
      'the receipt of a pending payment',
      () => ({ kind: 'receipt', paymentId: pendingPayment, to: ['a@b.cl'] }),
      409,
      'El comprobante es de un pago confirmado; este pago está pendiente',
    ],
    // The sale routes' own 404 message (docs/product.md#errors), which the document downloads give too.
    ['an unknown sale', () => quote({ saleId: 999999 }), 404, 'Sale not found'],
    [
      'an unknown payment',
      () => ({ kind: 'receipt', paymentId: 999999, to: ['a@b.cl'] }),
      404,
      'Pago no encontrado',
    ],
    [
      'an unknown client',
      () => ({ kind: 'statement', clientId: 999999, to: ['a@b.cl'] }),
      404,
      'Cliente no encontrado',
    ],
    [
      'a quote sent by finance',
      () => quote(),
      403,
      'Solo administradores y vendedores envían cotizaciones',
      'finance',
    ],
  ];
  for (const [what, body, status, message, who] of cases) {
    it(`refuses ${what} (${status}), queueing nothing and keeping no version`, async () => {
      const before = await written();
      const res = await send(body(), who);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await written()).toEqual(before);
    });
  }

  it('refuses a subject with a line break (the agency name as stored) and rolls back the quote version it made', async () => {
    const injected = 'Viajes\r\nBcc: todos@spam.cl';
    await ctx.db
      .insert(companySettings)
      .values({ id: 1, name: injected })
      .onConflictDoUpdate({ target: companySettings.id, set: { name: injected } });
    const before = await written();
    const res = await send(quote());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No se permiten saltos de línea ni caracteres de control');
    expect(await written()).toEqual(before);
    await ctx.db.update(companySettings).set({ name: 'Viajes Rechazo' }).where(eq(companySettings.id, 1));
    // The same request now goes through: version 1 and its message, together.
    expect((await send(quote())).statusCode).toBe(202);
    expect(await written()).toEqual({
      emails: (before.emails ?? 0) + 1,
      files: (before.files ?? 0) + 1,
      quotes: (before.quotes ?? 0) + 1,
    });
  });
});

describe("a seller and another seller's documents", () => {
  it("gets the download's 404 for another seller's sale, payment or client, and nothing is queued", async () => {
    const foreignClient = (await call('POST', '/api/clients', 'admin', { name: 'Cliente Ajeno' })).json()
      .client.id;
    const foreignDraft = await newSale('draft', otherSeller.id, foreignClient);
    const foreignSale = await newSale('confirmed', otherSeller.id, foreignClient);
    const foreignPayment = await pay(foreignSale, 'confirmed');
    const attempts: [object, string][] = [
      [{ kind: 'quote', saleId: foreignDraft }, 'Sale not found'],
      [{ kind: 'itinerary', saleId: foreignSale }, 'Sale not found'],
      [{ kind: 'receipt', paymentId: foreignPayment }, 'Pago no encontrado'],
      [{ kind: 'statement', clientId: foreignClient }, 'Cliente no encontrado'],
    ];
    const before = await written();
    for (const [body, message] of attempts) {
      const res = await send({ ...body, to: ['a@b.cl'] });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().message).toBe(message);
      const query = new URLSearchParams(
        Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
      );
      expect((await call('GET', `/api/emails/draft?${query}`, 'sales')).statusCode).toBe(404);
    }
    expect(await written()).toEqual(before);
    // The download routes answer the same.
    expect((await call('GET', `/api/sales/${foreignSale}/itinerary.pdf`, 'sales')).statusCode).toBe(404);
    expect((await call('GET', `/api/payments/${foreignPayment}/receipt.pdf`, 'sales')).statusCode).toBe(404);
    // Admin and finance send them.
    expect(
      (await send({ kind: 'itinerary', saleId: foreignSale, to: ['a@b.cl'] }, 'finance')).statusCode,
    ).toBe(202);
    expect(
      (await send({ kind: 'statement', clientId: foreignClient, to: ['a@b.cl'] }, 'admin')).statusCode,
    ).toBe(202);
  });

  it('the draft names the client and the template, and a quote its default validity', async () => {
    await call('PUT', `/api/clients/${refs.client.id}`, 'admin', {
      name: refs.client.name,
      email: 'cliente@rechazo.cl',
    });
    const res = await call('GET', `/api/emails/draft?kind=quote&saleId=${draft}`, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.json().draft).toMatchObject({
      to: ['cliente@rechazo.cl'],
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const receipt = await call(
      'GET',
      `/api/emails/draft?kind=receipt&paymentId=${confirmedPayment}`,
      'finance',
    );
    expect(receipt.json().draft.validUntil).toBeUndefined();
    expect((await call('GET', `/api/emails/draft?kind=receipt&saleId=${confirmed}`)).statusCode).toBe(400);
  });
});
