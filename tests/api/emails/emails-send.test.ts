import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_MESSAGE } from '../../../src/domain/document-emails';
import { formatDate } from '../../../src/domain/format';
import { loadConfig } from '../../../src/server/config';
import { emails } from '../../../src/server/db/schema';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { type Received, startSmtp, type TestSmtp } from '../../helpers/smtp';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * "Enviar" (docs/decisions/0064-sending-documents.md): each document goes out through POST /api/emails, with
 * SMTP_URL pointing at a real SMTP server (smtp-server) that receives it. What arrives is read back:
 * envelope, headers, the Spanish body and the attached PDF's text, to the cent.
 */
let smtp: TestSmtp;
let ctx: TestContext;
let refs: SaleRefs;
let client: { id: number; name: string };
type Who = 'admin' | 'sales' | 'finance';

const COMPANY = { name: 'Viajes Envío SpA', phone: '+56 2 2222 3333', email: 'contacto@envio.cl' };
const SIGNATURE = `--\n${COMPANY.name}\n${COMPANY.phone} · ${COMPANY.email}`;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who = 'admin', payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });
const send = (body: object, who: Who = 'sales') => call('POST', '/api/emails', who, body);
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).replace(/[ \t]+/g, ' ');

beforeAll(async () => {
  smtp = await startSmtp();
  const { smtpUrl } = loadConfig({ SMTP_URL: smtp.url });
  if (!smtpUrl) throw new Error('SMTP_URL not read');
  ctx = await createTestContext({
    outbox: { smtpUrl, pollMs: 50, leaseMs: 10_000, backoff: { baseMs: 30, maxMs: 120 }, timeoutMs: 10_000 },
  });
  refs = await createSaleRefs(ctx, 'envio');
  const saved = await call('PUT', '/api/company/settings', 'admin', COMPANY);
  expect(saved.json().data.emailMessage).toBe(DEFAULT_EMAIL_MESSAGE);
  const res = await call('POST', '/api/clients', 'admin', {
    name: 'Ana Núñez Pérez',
    email: 'ana@cliente.cl',
  });
  client = res.json().client;
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

/** Sends, expects 202 pending, and returns the message the SMTP server received for it. */
async function delivered(body: object, who: Who = 'sales'): Promise<Received & { id: number }> {
  const before = smtp.received.length;
  const res = await send(body, who);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ id: expect.any(Number), status: 'pending' });
  const [arrived] = (await smtp.until(before + 1)).slice(before);
  if (!arrived) throw new Error('nothing arrived');
  return { ...arrived, id: res.json().id };
}
const attachment = (received: Received) => {
  expect(received.mail.attachments).toHaveLength(1);
  const [file] = received.mail.attachments;
  if (!file) throw new Error('no attachment');
  expect(file.contentType).toBe('application/pdf');
  return file;
};

describe('sending the documents', () => {
  let saleId: number;

  it('sends a quote: recipients, subject, the template in Spanish, and the kept version attached byte for byte', async () => {
    const sale = await call('POST', '/api/sales', 'admin', {
      ...saleBody(refs, ctx.users.sales.id, { saleData: { status: 'draft', clientId: client.id } }),
    });
    saleId = sale.json().sale.id;
    const draft = await call('GET', `/api/emails/draft?kind=quote&saleId=${saleId}`, 'sales');
    expect(draft.json().draft).toMatchObject({ to: ['ana@cliente.cl'], message: DEFAULT_EMAIL_MESSAGE });

    const got = await delivered({
      kind: 'quote',
      saleId,
      to: ['ana@cliente.cl', 'pedro@cliente.cl'],
      cc: ['jefa@envio.cl'],
      validUntil: '2031-01-31',
    });
    const number = `COT-${saleId}-1`;
    expect(got.rcptTo.sort()).toEqual(['ana@cliente.cl', 'jefa@envio.cl', 'pedro@cliente.cl']);
    expect(got.mail.to && 'text' in got.mail.to ? got.mail.to.text : '').toBe(
      'ana@cliente.cl, pedro@cliente.cl',
    );
    expect(got.mail.cc && 'text' in got.mail.cc ? got.mail.cc.text : '').toBe('jefa@envio.cl');
    expect(got.mail.subject).toBe(`Cotización ${number} - ${COMPANY.name}`);
    expect(got.mail.text?.trim()).toBe(
      `Estimado/a Ana Núñez Pérez:\n\nJunto con saludar, le enviamos adjunto el documento Cotización ${number}.\n\n` +
        'Quedamos atentos a cualquier consulta.\n\nSaludos cordiales.\n\n' +
        `Documento adjunto: Cotización ${number} (${number}.pdf)\n\n${SIGNATURE}`,
    );
    const file = attachment(got);
    expect(file.filename).toBe(`${number}.pdf`);
    const text = await textOf(file.content);
    expect(text).toContain(`Cotización ${number}`);
    expect(text).toContain('Ana Núñez Pérez');
    expect(text).toContain('Paquete Madrid 7 noches');
    expect(text).toContain('Total: US$ 1,500.50');
    expect(text).toContain(`Válida hasta: ${formatDate('2031-01-31')}`);
    expect(text).not.toContain('1,200.25');

    // The version kept is the one attached: same SHA-256, same bytes, by whom.
    const [kept] = (await call('GET', `/api/sales/${saleId}/quotes`, 'sales')).json().quotes;
    expect(kept).toMatchObject({ version: 1, number, validUntil: '2031-01-31', createdBy: 'sales_base' });
    expect(kept.sha256).toBe(createHash('sha256').update(file.content).digest('hex'));
    expect((await call('GET', `/api/sales/${saleId}/quotes/1.pdf`)).rawPayload.equals(file.content)).toBe(
      true,
    );
    const [row] = await ctx.db.select().from(emails).where(eq(emails.id, got.id));
    expect(row).toMatchObject({ kind: 'quote', saleId, clientId: client.id, createdBy: ctx.users.sales.id });
  });

  it('sends the itinerary of the accepted quote with a personal message instead of the template', async () => {
    expect((await call('POST', `/api/sales/${saleId}/quote/accept`, 'sales')).statusCode).toBe(200);
    const got = await delivered({
      kind: 'itinerary',
      saleId,
      to: ['ana@cliente.cl'],
      message: 'Hola {cliente}:\nSu viaje a Madrid está listo. Adjuntamos {documento}.',
    });
    expect(got.rcptTo).toEqual(['ana@cliente.cl']);
    expect(got.mail.cc).toBeUndefined();
    expect(got.mail.subject).toBe(`Itinerario de viaje - Venta #${saleId} - ${COMPANY.name}`);
    expect(got.mail.text?.trim()).toBe(
      `Hola Ana Núñez Pérez:\nSu viaje a Madrid está listo. Adjuntamos Itinerario de viaje - Venta #${saleId}.\n\n` +
        `Documento adjunto: Itinerario de viaje - Venta #${saleId} (itinerario-venta-${saleId}.pdf)\n\n${SIGNATURE}`,
    );
    const file = attachment(got);
    expect(file.filename).toBe(`itinerario-venta-${saleId}.pdf`);
    const text = await textOf(file.content);
    expect(text).toContain(`Itinerario de viaje - Venta #${saleId}`);
    expect(text).toContain('ABC123');
    // A client document names the operator, never the supplier (decision 0054).
    expect(text).toContain(refs.operator.name);
    expect(text).not.toContain(refs.supplier.name);
  });

  it("sends a payment's receipt, numbered, with the amount in words and the balance after it", async () => {
    const paid = await call('POST', '/api/payments', 'admin', {
      saleId,
      date: '2031-01-15',
      amount: '1000.50',
    });
    const paymentId = paid.json().payment.id;
    const got = await delivered({ kind: 'receipt', paymentId, to: ['ana@cliente.cl'] }, 'finance');
    const label = got.mail.subject?.match(/^Comprobante de pago N° (\d{6}) - /)?.[1];
    expect(label).toBeDefined();
    expect(got.mail.subject).toBe(`Comprobante de pago N° ${label} - ${COMPANY.name}`);
    expect(got.mail.text).toContain(`documento Comprobante de pago N° ${label}.`);
    const file = attachment(got);
    expect(file.filename).toBe(`comprobante-${label}.pdf`);
    const text = await textOf(file.content);
    expect(text).toContain('US$ 1,000.50');
    expect(text).toContain('mil dólares con cincuenta centavos');
    // 1,500.50 - 1,000.50.
    expect(text).toContain('Saldo después de este pago: US$ 500.00');
    const [row] = await ctx.db.select().from(emails).where(eq(emails.id, got.id));
    expect(row).toMatchObject({ kind: 'receipt', paymentId, saleId, clientId: client.id });
  });

  it("sends the client's statement for a period, and each message is in the sale's or the client's Comunicaciones", async () => {
    const got = await delivered({
      kind: 'statement',
      clientId: client.id,
      to: ['ana@cliente.cl'],
      cc: ['finanzas@envio.cl'],
      periodFrom: '2020-01-01',
      periodTo: '2031-12-31',
    });
    expect(got.mail.subject).toBe(`Estado de cuenta - Ana Núñez Pérez - ${COMPANY.name}`);
    const file = attachment(got);
    expect(file.filename).toBe('estado-de-cuenta-ana-nunez-perez.pdf');
    const text = await textOf(file.content);
    expect(text).toContain('Estado de cuenta - Ana Núñez Pérez');
    expect(text).toContain('US$ 1,500.50');
    expect(text).toContain('US$ 1,000.50');
    expect(text).toContain('Saldo pendiente: US$ 500.00');

    await ctx.app.outbox?.idle();
    const bySale = (await call('GET', `/api/emails?saleId=${saleId}`, 'sales')).json().emails;
    expect(bySale.map((e: { kind: string }) => e.kind)).toEqual(['receipt', 'itinerary', 'quote']);
    expect(bySale.every((e: { status: string }) => e.status === 'sent')).toBe(true);
    const byClient = (await call('GET', `/api/emails?clientId=${client.id}`, 'sales')).json().emails;
    expect(byClient.map((e: { kind: string }) => e.kind)).toEqual([
      'statement',
      'receipt',
      'itinerary',
      'quote',
    ]);
  });

  it('uses the template the company set, with its placeholders, and refuses an unknown one', async () => {
    const template = '{Empresa} saluda a {cliente}. Va {documento}.';
    expect(
      (await call('PUT', '/api/company/settings', 'admin', { ...COMPANY, emailMessage: template }))
        .statusCode,
    ).toBe(200);
    const got = await delivered({ kind: 'itinerary', saleId, to: ['ana@cliente.cl'] });
    expect(got.mail.text).toContain(
      `${COMPANY.name} saluda a Ana Núñez Pérez. Va Itinerario de viaje - Venta #${saleId}.`,
    );
    const bad = await call('PUT', '/api/company/settings', 'admin', {
      ...COMPANY,
      emailMessage: 'Hola {clienta}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Marcador desconocido {clienta}: usa {cliente}, {documento} o {empresa}');
    expect((await call('GET', '/api/company/settings')).json().data.emailMessage).toBe(template);
  });
});
