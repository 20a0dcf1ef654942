import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/modules/auth';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/*
 * Decision 0079: an e-mail is read by those who may read everything in it, its attachment's scope and
 * not the client's. Two sellers sell to one client; a seller's statement lists their own sales only, so
 * the other seller never reads its e-mail, and an admin's statement (the whole client) is read by
 * admin and finance only. This app has no SMTP_URL: the messages wait as pending.
 */
let ctx: TestContext;
let refs: SaleRefs;
let saleOfA: number;
let saleOfB: number;
type Reader = 'admin' | 'finance' | 'sellerA' | 'sellerB';
const headers = new Map<Reader, Record<string, string>>();

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'alcance');
  const sellerB = await insertUser(ctx.db, 'sales', 'bruno');
  headers.set('admin', await ctx.auth('admin'));
  headers.set('finance', await ctx.auth('finance'));
  headers.set('sellerA', await ctx.auth('sales'));
  headers.set('sellerB', { authorization: `Bearer ${await createSession(ctx.db, sellerB.id)}` });
  saleOfA = await newSale(ctx.users.sales.id, 'Pasajera de Ana');
  saleOfB = await newSale(sellerB.id, 'Pasajero de Bruno');
});
afterAll(() => ctx.close());

async function newSale(sellerId: number, passengerName: string) {
  const res = await call(
    'POST',
    '/api/sales',
    'admin',
    saleBody(refs, sellerId, { saleData: { passengerName } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sale.id as number;
}
async function call(method: 'GET' | 'POST', url: string, who: Reader, payload?: object) {
  return ctx.app.inject({ method, url, headers: headers.get(who), ...(payload ? { payload } : {}) });
}
async function send(who: Reader, document: object) {
  const res = await call('POST', '/api/emails', who, { ...document, to: ['cliente@correo.cl'] });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as number;
}
const idsOf = async (url: string, who: Reader) =>
  (await call('GET', url, who)).json().emails.map((e: { id: number }) => e.id);

/** What `who` gets of the message: detail, .eml, and whether the client's list and the whole list show it. */
async function reads(id: number, who: Reader) {
  const [detail, eml] = [
    await call('GET', `/api/emails/${id}`, who),
    await call('GET', `/api/emails/${id}/eml`, who),
  ];
  return {
    detail: detail.statusCode,
    eml: eml.statusCode,
    byClient: (await idsOf(`/api/emails?clientId=${refs.client.id}`, who)).includes(id),
    all: (await idsOf('/api/emails', who)).includes(id),
  };
}
const READS = { detail: 200, eml: 200, byClient: true, all: true };
const REFUSED = { detail: 404, eml: 404, byClient: false, all: false };

/** The text of the PDF the .eml attaches, as the reader downloads it. */
async function attachedText(id: number, who: Reader) {
  const mail = await simpleParser((await call('GET', `/api/emails/${id}/eml`, who)).rawPayload);
  const [file] = mail.attachments;
  if (!file) throw new Error('no attachment');
  return pdfText(file.content);
}

describe("a statement's e-mail is read in its attachment's scope", () => {
  it("seller A's statement: A, admin and finance read it; seller B, who sells to the client too, does not", async () => {
    const id = await send('sellerA', { kind: 'statement', clientId: refs.client.id });
    // What the attachment holds is A's alone: B is refused A's sale itself.
    const text = await attachedText(id, 'sellerA');
    expect(text).toContain('Pasajera de Ana');
    expect(text).not.toContain('Pasajero de Bruno');
    expect((await call('GET', `/api/sales/${saleOfA}`, 'sellerB')).statusCode).toBe(404);

    for (const who of ['sellerA', 'admin', 'finance'] as const) expect(await reads(id, who)).toEqual(READS);
    expect(await reads(id, 'sellerB')).toEqual(REFUSED);
    const refused = await call('GET', `/api/emails/${id}/eml`, 'sellerB');
    expect(refused.json().message).toBe('Correo no encontrado');
  });

  it("an admin's statement (the whole client) is read by admin and finance, by no seller", async () => {
    const id = await send('admin', { kind: 'statement', clientId: refs.client.id });
    const text = await attachedText(id, 'admin');
    expect(text).toContain('Pasajera de Ana');
    expect(text).toContain('Pasajero de Bruno');
    for (const who of ['admin', 'finance'] as const) expect(await reads(id, who)).toEqual(READS);
    for (const who of ['sellerA', 'sellerB'] as const) expect(await reads(id, who)).toEqual(REFUSED);
  });

  it("a sale's e-mail is read by that sale's seller, whoever sent it, and not by the other seller", async () => {
    const byAdmin = await send('admin', { kind: 'itinerary', saleId: saleOfB });
    const bySeller = await send('sellerB', { kind: 'itinerary', saleId: saleOfB });
    for (const id of [byAdmin, bySeller]) {
      for (const who of ['sellerB', 'admin', 'finance'] as const) expect(await reads(id, who)).toEqual(READS);
      expect(await reads(id, 'sellerA')).toEqual(REFUSED);
      expect(await idsOf(`/api/emails?saleId=${saleOfB}`, 'sellerB')).toContain(id);
    }
  });
});
