import { count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '../../../src/domain/emails';
import { clients, emails } from '../../../src/server/db/schema';
import { type EmailInput, enqueueEmail } from '../../../src/server/modules/emails';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * "Correos" (docs/product.md#emails): the outbox's routes, who reads which message, and what may never be
 * queued. This app has no SMTP_URL: nothing is sent, every message waits as pending.
 */
let ctx: TestContext;
let refs: SaleRefs;
let otherSeller: { id: number };
let ownSale: number;
let otherSale: number;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'correos');
  otherSeller = await insertUser(ctx.db, 'sales', 'otro');
  ownSale = await newSale(ctx.users.sales.id);
  otherSale = await newSale(otherSeller.id, await newClient('Cliente de otro'));
});
afterAll(() => ctx.close());

async function newSale(sellerId: number, clientId = refs.client.id) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: await ctx.auth('admin'),
    payload: saleBody(refs, sellerId, { saleData: { clientId } }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().sale.id as number;
}
async function newClient(name: string) {
  const [row] = await ctx.db.insert(clients).values({ name }).returning();
  return row?.id ?? 0;
}

const message = (extra: Partial<EmailInput> = {}): EmailInput => ({
  kind: 'quote',
  saleId: ownSale,
  to: ['cliente@correo.cl'],
  cc: ['jefa@correo.cl'],
  subject: 'Cotización de su viaje',
  body: 'Estimado cliente:\nAdjuntamos la cotización.',
  attachments: [
    { filename: 'cotizacion.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
  ],
  ...extra,
});
const enqueue = (input: EmailInput) => ctx.db.transaction((tx) => enqueueEmail(tx, input));
const get = async (url: string, who: 'admin' | 'sales' | 'finance' = 'admin') =>
  ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) });
const post = async (url: string) => ctx.app.inject({ method: 'POST', url, headers: await ctx.auth('admin') });
const queued = async () => (await ctx.db.select({ n: count() }).from(emails))[0]?.n ?? 0;

describe('the outbox routes', () => {
  it('list and show a queued message; it stays pending without SMTP_URL', async () => {
    const { id } = await enqueue(message());
    expect(ctx.app.outbox).toBeUndefined();
    const list = await get(`/api/emails?saleId=${ownSale}&status=pending`);
    expect(list.statusCode).toBe(200);
    expect(list.json().emails[0]).toMatchObject({
      id,
      kind: 'quote',
      to: ['cliente@correo.cl'],
      status: 'pending',
      attempts: 0,
      saleId: ownSale,
      clientId: refs.client.id,
    });
    expect(list.json().emails[0].sentAt).toBeUndefined();
    expect(list.json().pagination).toMatchObject({ page: 1, limit: 100 });
    const detail = await get(`/api/emails/${id}`);
    expect(detail.json().email).toMatchObject({
      cc: ['jefa@correo.cl'],
      subject: 'Cotización de su viaje',
      body: 'Estimado cliente:\nAdjuntamos la cotización.',
      attachments: [{ filename: 'cotizacion.pdf', contentType: 'application/pdf', size: 8 }],
      attemptLog: [],
    });
    expect((await get(`/api/emails?status=sent&saleId=${ownSale}`)).json().emails).toEqual([]);
  });

  it('downloads the .eml the worker would send: same Message-ID, headers, body and attachment', async () => {
    const { id } = await enqueue(message({ subject: 'Itinerario Ñuñoa–Madrid', kind: 'itinerary' }));
    const res = await get(`/api/emails/${id}/eml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="correo-${id}.eml"`);
    const mail = await simpleParser(res.rawPayload);
    const [stored] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(mail.messageId).toBe(stored?.messageId);
    expect(mail.subject).toBe('Itinerario Ñuñoa–Madrid');
    expect(mail.text?.trim()).toBe('Estimado cliente:\nAdjuntamos la cotización.');
    expect(mail.attachments[0]?.content.toString()).toBe('%PDF-1.4');
    expect(mail.date?.toISOString()).toBe(stored?.createdAt.toISOString().replace(/\.\d+Z$/, '.000Z'));
  });

  it('retries only a failed message and cancels a pending or failed one, never a sent one', async () => {
    const { id } = await enqueue(message());
    expect((await post(`/api/emails/${id}/retry`)).statusCode).toBe(409);
    const cancelled = await post(`/api/emails/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({
      message: 'Correo cancelado',
      email: { id, status: 'cancelled' },
    });
    const again = await post(`/api/emails/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El correo ya estaba cancelado');

    const failed = await enqueue(message());
    await ctx.db.update(emails).set({ status: 'failed', attempts: 3 }).where(eq(emails.id, failed.id));
    const retried = await post(`/api/emails/${failed.id}/retry`);
    expect(retried.json().email).toMatchObject({ status: 'pending', attempts: 0 });

    const sent = await enqueue(message());
    await ctx.db.update(emails).set({ status: 'sent', sentAt: new Date() }).where(eq(emails.id, sent.id));
    const refused = await post(`/api/emails/${sent.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('El correo ya fue enviado: no se puede cancelar');
    expect((await post('/api/emails/999999/cancel')).statusCode).toBe(404);
  });
});

describe('who reads which message', () => {
  it("a seller reads their sales' messages, never another seller's (404)", async () => {
    const own = await enqueue(message());
    const other = await enqueue(message({ saleId: otherSale }));
    const listed = (await get('/api/emails', 'sales')).json().emails.map((e: { id: number }) => e.id);
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(other.id);
    expect((await get(`/api/emails/${own.id}`, 'sales')).statusCode).toBe(200);
    for (const url of [`/api/emails/${other.id}`, `/api/emails/${other.id}/eml`]) {
      const res = await get(url, 'sales');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Correo no encontrado');
    }
    expect((await get(`/api/emails?saleId=${otherSale}`, 'sales')).json().emails).toEqual([]);
    // Finance and the admin read every message.
    for (const who of ['finance', 'admin'] as const)
      expect((await get(`/api/emails/${other.id}`, who)).statusCode).toBe(200);
  });

  it("a statement is a seller's only when made in their view, not for having a sale of the client (0079)", async () => {
    const statement = { kind: 'statement', saleId: undefined, clientId: refs.client.id } as const;
    const theirs = await enqueue(message({ ...statement, scopeSellerId: ctx.users.sales.id }));
    const whole = await enqueue(message(statement));
    const another = await enqueue(message({ ...statement, scopeSellerId: otherSeller.id }));
    expect((await get(`/api/emails/${theirs.id}`, 'sales')).statusCode).toBe(200);
    for (const { id } of [whole, another]) {
      expect((await get(`/api/emails/${id}`, 'sales')).statusCode).toBe(404);
      expect((await get(`/api/emails/${id}/eml`, 'sales')).statusCode).toBe(404);
    }
    const byClient = (await get(`/api/emails?clientId=${refs.client.id}`, 'sales')).json().emails;
    const listed = byClient.map((e: { id: number }) => e.id);
    expect(listed).toContain(theirs.id);
    expect(listed).not.toContain(whole.id);
    expect(listed).not.toContain(another.id);
  });

  it('only an admin retries or cancels', async () => {
    const { id } = await enqueue(message());
    for (const who of ['sales', 'finance'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/emails/${id}/cancel`,
        headers: await ctx.auth(who),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('what is never queued', () => {
  const refusals: [string, Partial<EmailInput>, string][] = [
    [
      'CR/LF in the subject',
      { subject: 'Hola\r\nBcc: todos@spam.cl' },
      'No se permiten saltos de línea ni caracteres de control',
    ],
    [
      'LF in an address',
      { to: ['cliente@correo.cl\nBcc: x@y.cl'] },
      'No se permiten saltos de línea ni caracteres de control',
    ],
    ['a bad address', { cc: ['no-es-un-email'] }, 'El email del destinatario no es válido'],
    ['no recipient', { to: [] }, 'Indica al menos un destinatario'],
    ['an empty subject', { subject: '   ' }, 'El asunto es requerido'],
    [
      'more than 20 recipients',
      {
        to: Array.from({ length: 15 }, (_, i) => `a${i}@correo.cl`),
        cc: Array.from({ length: MAX_RECIPIENTS - 14 }, (_, i) => `c${i}@correo.cl`),
      },
      'No se puede enviar a más de 20 destinatarios',
    ],
    [
      'a control character in the body',
      { body: 'Hola\u0007' },
      'El mensaje contiene caracteres de control no permitidos',
    ],
    [
      'a path in an attachment name',
      { attachments: [{ filename: '../x.pdf', contentType: 'application/pdf', content: Buffer.from('x') }] },
      'Nombre de archivo adjunto inválido',
    ],
  ];
  for (const [what, change, spanish] of refusals) {
    it(`refuses ${what} with a Spanish 400, queueing nothing`, async () => {
      const before = await queued();
      await expect(enqueue(message(change))).rejects.toMatchObject({ statusCode: 400, message: spanish });
      expect(await queued()).toBe(before);
    });
  }

  it("commits with the caller's transaction: a failed action queues nothing", async () => {
    const before = await queued();
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueEmail(tx, message());
        throw new Error('la acción falló después');
      }),
    ).rejects.toThrow('la acción falló después');
    expect(await queued()).toBe(before);
  });

  it('queues a message once per idempotency key', async () => {
    const first = await enqueue(message({ idempotencyKey: 'reminder:1:2031-01-01' }));
    const second = await enqueue(message({ idempotencyKey: 'reminder:1:2031-01-01', subject: 'Otro' }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, status: 'pending', created: false });
    const rows = await ctx.db.select().from(emails).where(eq(emails.idempotencyKey, 'reminder:1:2031-01-01'));
    expect(rows.map((r) => r.subject)).toEqual(['Cotización de su viaje']);
  });
});
