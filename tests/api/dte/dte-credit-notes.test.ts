// Notas de Crédito (61) that correct a DTE invoice, not only annul it
// (docs/decisions/0067-credit-notes-that-correct.md): a correction of amounts (CodRef 3) per item, a
// correction of text (CodRef 2), several per invoice, an annulment that credits what is left, refusals that
// take no folio, each note's XML and PDF.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dteCafs } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/auth';
import { CREDIT_LINE_MESSAGES } from '../../../src/server/modules/invoices/credit-lines';
import { ALREADY_CANCELLED } from '../../../src/server/modules/invoices/service';
import { receiverBody, rutClient, setUpDteInvoicing } from '../../helpers/dte-examples';
import { makeCaf } from '../../helpers/dte-fixtures';
import { all, first, names, timbreVerifies, value } from '../../helpers/dte-xml';
import { pdfText } from '../../helpers/pdf-text';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';
import { verifySignatures, xmlTree } from '../../helpers/xml-check.mjs';
import { xsdErrors } from '../../helpers/xsd';

let ctx: TestContext;
type Who = 'admin' | 'sales' | 'finance' | 'otherSeller';
const tokens = new Map<Who, Record<string, string>>();
const refs: Record<string, number> = {};
let certificatePem = '';
// Below setUpDteInvoicing's range (900 001 on): the oldest range is used first, so the notes are
// stamped with this CAF's key, which the test checks the timbres with.
const caf61 = makeCaf({ type: 61, from: 1, to: 50 });

type Item = { id: number; pesos: number; pesosLeft: number; exempt: boolean };
type Note = { id: number; folio: number; code: number; kind: string; totalAmount: number };
type Invoice = {
  id: number;
  folio: number;
  status: string;
  items: Item[];
  creditNote?: { folio: number; totalAmount: number };
  creditNotes: Note[];
};

async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: tokens.get(who), ...(payload ? { payload } : {}) });
}
async function api(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await call('admin', method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
/** The next folio of every CAF, summed: unchanged when no folio was taken. */
const foliosTaken = async () =>
  (await ctx.db.select({ n: sql<string>`coalesce(sum(${dteCafs.nextFolio}), 0)::text` }).from(dteCafs))[0]?.n;

/** A DTE invoice of a completed USD sale of a client with a RUT, with items `[classification, price]`. */
async function dteInvoice(items: [string, string][]): Promise<Invoice> {
  const { sale } = await api('POST', '/api/sales', {
    saleData: {
      passengerName: 'Pasajero NC',
      clientId: refs.client,
      travelDate: '2031-02-10',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      passengerCount: 1,
      sellerId: ctx.users.sales.id,
    },
    items: items.map(([classification, price], index) => ({
      classificationId: String(refs[classification]),
      supplierId: String(refs.supplier),
      operatorId: String(refs.operator),
      passengers: [refs.passenger],
      description: `Servicio ${index + 1} (${classification})`,
      salePrice: price,
      costPrice: '1.00',
    })),
  });
  await api('PUT', `/api/sales/${sale.id}`, { status: 'completed' });
  return (await api('POST', `/api/sales/${sale.id}/invoice`, receiverBody())).invoice;
}

const creditNote = (id: number, body: object, who: Who = 'admin') =>
  call(who, 'POST', `/api/invoices/${id}/credit-note`, body);

async function xmlOf(url: string) {
  const res = await call('admin', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=ISO-8859-1');
  const xml = res.rawPayload.toString('latin1');
  // Every DTE read here is checked against the SII's schema by libxml2 (tests/helpers/xsd.ts).
  expect(await xsdErrors(xml)).toEqual([]);
  return { xml, tree: xmlTree(xml) };
}
const referenciaOf = (tree: ReturnType<typeof xmlTree>) =>
  first(tree, 'Referencia').children.map((c) => [c.name, c.text]);

beforeAll(async () => {
  ctx = await createTestContext();
  const other = await insertUser(ctx.db, 'sales', 'otro');
  for (const who of ['admin', 'sales', 'finance'] as const) tokens.set(who, await ctx.auth(who));
  tokens.set('otherSeller', { authorization: `Bearer ${await createSession(ctx.db, other.id)}` });
  const p12 = await setUpDteInvoicing(api);
  certificatePem = p12.certificatePem;
  await api('POST', '/api/company/cafs', { xml: caf61.xml });
  refs.client = await rutClient(api);
  refs.taxable = (
    await api('POST', '/api/classifications', { name: 'Hotel', taxTreatment: 'taxable' })
  ).classification.id;
  refs.exempt = (
    await api('POST', '/api/classifications', { name: 'Seguro', taxTreatment: 'exempt' })
  ).classification.id;
  refs.supplier = (await api('POST', '/api/suppliers', { name: 'Proveedor NC' })).supplier.id;
  refs.operator = (await api('POST', '/api/operators', { name: 'Operador NC' })).operator.id;
  refs.passenger = (
    await api('POST', '/api/passengers', {
      name: 'Pasajero NC',
      passengerId: 'P-NC-1',
      dateOfBirth: '1980-01-01',
    })
  ).passenger.id;
});
afterAll(() => ctx.close());

describe('a correcting Nota de Crédito', () => {
  let invoice: Invoice;
  beforeAll(async () => {
    // 952.38 pesos per dollar: 1000.50 -> 952 856 taxable, 250.25 -> 238 333 exempt.
    invoice = await dteInvoice([
      ['taxable', '1000.50'],
      ['exempt', '250.25'],
    ]);
    refs.otherInvoice = (
      await dteInvoice([
        ['taxable', '10.00'],
        ['taxable', '20.00'],
        ['exempt', '30.00'],
      ])
    ).id;
  });

  it("shows each item's line number and what is left of it", () => {
    expect(invoice.items.map((i) => [i.id, i.pesos, i.pesosLeft, i.exempt])).toEqual([
      [1, 952_856, 952_856, false],
      [2, 238_333, 238_333, true],
    ]);
    expect(invoice.creditNotes).toEqual([]);
  });

  it('refuses what is not the invoice to credit, with a Spanish message, taking no folio', async () => {
    const cases: [string, Who, object, number, string?][] = [
      [
        'more than left',
        'admin',
        { itemId: 2, pesos: 238_334 },
        400,
        CREDIT_LINE_MESSAGES.tooMuch(2, 238_333n),
      ],
      ['unknown item', 'admin', { itemId: 9, pesos: 1 }, 400, CREDIT_LINE_MESSAGES.unknownItem(9, 2)],
      // The other invoice has a third item; this one has two.
      [
        'item of another invoice',
        'admin',
        { itemId: 3, pesos: 1 },
        400,
        CREDIT_LINE_MESSAGES.unknownItem(3, 2),
      ],
      ['zero', 'admin', { itemId: 1, pesos: 0 }, 400],
      ['negative', 'admin', { itemId: 1, pesos: -5 }, 400],
      ['fraction', 'admin', { itemId: 1, pesos: 10.5 }, 400],
      ['text amount', 'admin', { itemId: 1, pesos: '1.000' }, 400],
      ['unknown field', 'admin', { itemId: 1, pesos: 10, exempt: true }, 400],
      ['seller', 'sales', { itemId: 1, pesos: 10 }, 403],
      ['finance', 'finance', { itemId: 1, pesos: 10 }, 403],
    ];
    const bodies: [string, object, number, string?][] = [
      ['text with lines', { kind: 'text', lines: [{ itemId: 1, pesos: 10 }] }, 400],
      ['annul with lines', { kind: 'annul', lines: [{ itemId: 1, pesos: 10 }] }, 400],
      ['amounts without lines', { kind: 'amounts' }, 400],
      ['amounts with no line', { kind: 'amounts', lines: [] }, 400],
      ['unknown kind', { kind: 'refund' }, 400],
      [
        'an item twice',
        {
          kind: 'amounts',
          lines: [
            { itemId: 1, pesos: 10 },
            { itemId: 1, pesos: 20 },
          ],
        },
        400,
      ],
      [
        'all that is left',
        {
          kind: 'amounts',
          lines: [
            { itemId: 1, pesos: 952_856 },
            { itemId: 2, pesos: 238_333 },
          ],
        },
        409,
        CREDIT_LINE_MESSAGES.wholeLeft,
      ],
    ];
    const runs = [
      ...cases.map(([what, who, line, status, message]) => ({
        what,
        who,
        body: { reason: 'Rebaja', kind: 'amounts', lines: [line] },
        status,
        message,
      })),
      ...bodies.map(([what, body, status, message]) => ({
        what,
        who: 'admin' as Who,
        body: { reason: 'Rebaja', ...body },
        status,
        message,
      })),
    ];
    for (const { what, who, body, status, message } of runs) {
      const before = await foliosTaken();
      const res = await creditNote(invoice.id, body, who);
      expect([what, res.statusCode], res.body).toEqual([what, status]);
      expect(res.json().message, what).toMatch(message ?? /[áéíóúñ]|[a-z]/);
      expect(await foliosTaken(), what).toBe(before);
    }
    const refused = await creditNote(invoice.id, {
      reason: 'Rebaja',
      kind: 'amounts',
      lines: [{ itemId: 2, pesos: 238_334 }],
    });
    expect(refused.json().errors).toEqual([
      { path: 'lines.0.pesos', message: CREDIT_LINE_MESSAGES.tooMuch(2, 238_333n) },
    ]);
    const fresh = (await call('admin', 'GET', `/api/invoices/${invoice.id}`)).json().invoice as Invoice;
    expect([fresh.status, fresh.creditNotes]).toEqual(['pending', []]);
  });

  it('credits part of a taxable and an exempt item with CodRef 3: amounts to the peso, signed, the invoice active', async () => {
    const before = await foliosTaken();
    const res = await creditNote(invoice.id, {
      reason: 'Descuento acordado con el cliente',
      kind: 'amounts',
      lines: [
        { itemId: 2, pesos: 50_000 },
        { itemId: 1, pesos: 119_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('sigue vigente');
    const after = res.json().invoice as Invoice;
    expect(BigInt((await foliosTaken()) ?? 0) - BigInt(before ?? 0)).toBe(1n);
    expect(after.status).toBe('pending');
    expect(after).not.toHaveProperty('creditNote');
    expect(after.items.map((i) => i.pesosLeft)).toEqual([833_856, 188_333]);
    // 119 000 gross taxable: net round(119 000 / 1.19) = 100 000, IVA 19 000; 50 000 exempt.
    expect(after.creditNotes).toEqual([
      {
        id: expect.any(Number),
        folio: 1,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        code: 3,
        kind: 'amounts',
        reason: 'Descuento acordado con el cliente',
        netAmount: 100_000,
        exemptAmount: 50_000,
        vatAmount: 19_000,
        totalAmount: 169_000,
        lines: [
          { itemId: 1, pesos: 119_000 },
          { itemId: 2, pesos: 50_000 },
        ],
        sii: { id: expect.any(Number), status: 'pending', messages: [] },
      },
    ]);
    const note = after.creditNotes[0] as Note;

    const { xml, tree } = await xmlOf(`/api/invoices/${invoice.id}/credit-notes/${note.id}/xml`);
    expect([value(tree, 'TipoDTE'), value(tree, 'Folio'), value(tree, 'MntBruto')]).toEqual(['61', '1', '1']);
    expect(names(first(tree, 'Documento'))).toEqual([
      'Encabezado',
      'Detalle',
      'Detalle',
      'Referencia',
      'TED',
      'TmstFirma',
    ]);
    expect(referenciaOf(tree)).toEqual([
      ['NroLinRef', '1'],
      ['TpoDocRef', '33'],
      ['FolioRef', String(invoice.folio)],
      ['FchRef', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
      ['CodRef', '3'],
      ['RazonRef', 'Descuento acordado con el cliente'],
    ]);
    const totales = first(tree, 'Totales');
    expect(totales.children.map((c) => [c.name, c.text])).toEqual([
      ['MntNeto', '100000'],
      ['MntExe', '50000'],
      ['TasaIVA', '19'],
      ['IVA', '19000'],
      ['MntTotal', '169000'],
    ]);
    expect(
      all(tree, 'Detalle').map((d) => [
        value(d, 'NmbItem'),
        names(d).includes('IndExe'),
        value(d, 'MontoItem'),
      ]),
    ).toEqual([
      ['Servicio 1 (taxable)', false, '119000'],
      ['Servicio 2 (exempt)', true, '50000'],
    ]);
    expect(verifySignatures(xml, certificatePem)).toEqual([true, true]);
    expect(timbreVerifies(xml, caf61)).toBe(true);

    const pdf = await call('admin', 'GET', `/api/invoices/${invoice.id}/credit-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['NOTA DE CRÉDITO ELECTRÓNICA', 'Corrige montos', 'Total: CLP 169,000']) {
      expect(text).toContain(expected);
    }
    // The old paths are the annulling note's: this invoice has none yet.
    expect((await call('admin', 'GET', `/api/invoices/${invoice.id}/credit-note/xml`)).statusCode).toBe(404);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoice.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual([
      { field: 'creditNote', from: null, to: '61 N° 1, corrige montos, CLP 169,000' },
      { field: 'creditNoteReason', from: null, to: 'Descuento acordado con el cliente' },
    ]);
  });

  it('corrects text with CodRef 2: one line with the correction, amounts zero, nothing credited', async () => {
    const reason = 'Dice: giro Comercio; debe decir: Servicios de ingeniería';
    const res = await creditNote(invoice.id, { reason, kind: 'text' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().invoice as Invoice;
    expect(after.status).toBe('pending');
    expect(after.items.map((i) => i.pesosLeft)).toEqual([833_856, 188_333]);
    const note = after.creditNotes[1];
    expect(note).toMatchObject({ folio: 2, code: 2, kind: 'text', totalAmount: 0, lines: [] });
    const { xml, tree } = await xmlOf(`/api/invoices/${invoice.id}/credit-notes/${note?.id}/xml`);
    expect(names(first(tree, 'IdDoc'))).toEqual(['TipoDTE', 'Folio', 'FchEmis']);
    expect(first(tree, 'Totales').children.map((c) => [c.name, c.text])).toEqual([['MntTotal', '0']]);
    expect(all(tree, 'Detalle').map((d) => d.children.map((c) => [c.name, c.text]))).toEqual([
      [
        ['NroLinDet', '1'],
        ['NmbItem', reason],
        ['MontoItem', '0'],
      ],
    ]);
    expect(value(first(tree, 'Referencia'), 'CodRef')).toBe('2');
    expect(verifySignatures(xml, certificatePem)).toEqual([true, true]);
    expect(timbreVerifies(xml, caf61)).toBe(true);
  });

  it('annuls after the corrections, crediting only what is left, then refuses any further note', async () => {
    const second = await creditNote(invoice.id, {
      reason: 'Segunda rebaja',
      kind: 'amounts',
      lines: [{ itemId: 1, pesos: 33_856 }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const res = await creditNote(invoice.id, { reason: 'Cliente desiste del viaje' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('quedó anulada');
    const after = res.json().invoice as Invoice;
    // Left: 800 000 taxable (net 672 269, IVA 127 731) and 188 333 exempt.
    expect(after).toMatchObject({
      status: 'cancelled',
      creditNote: { folio: 4, totalAmount: 988_333 },
    });
    expect(after.creditNotes.map((n) => [n.folio, n.kind, n.totalAmount])).toEqual([
      [1, 'amounts', 169_000],
      [2, 'text', 0],
      [3, 'amounts', 33_856],
      [4, 'annul', 988_333],
    ]);
    expect(after.items.map((i) => i.pesosLeft)).toEqual([0, 0]);
    // The old path gives the annulling note.
    const { tree } = await xmlOf(`/api/invoices/${invoice.id}/credit-note/xml`);
    expect(value(tree, 'Folio')).toBe('4');
    expect(value(first(tree, 'Referencia'), 'CodRef')).toBe('1');
    expect(first(tree, 'Totales').children.map((c) => c.text)).toEqual([
      '672269',
      '188333',
      '19',
      '127731',
      '988333',
    ]);

    const before = await foliosTaken();
    for (const body of [
      { reason: 'Otra', kind: 'text' },
      { reason: 'Otra', kind: 'amounts', lines: [{ itemId: 1, pesos: 1 }] },
      { reason: 'Otra' },
    ]) {
      const again = await creditNote(invoice.id, body);
      expect([again.statusCode, again.json().message]).toEqual([409, ALREADY_CANCELLED]);
    }
    expect(await foliosTaken()).toBe(before);
  });

  it('leaves out of the annulment an item a correction credited in full', async () => {
    const other = (await call('admin', 'GET', `/api/invoices/${refs.otherInvoice}`)).json()
      .invoice as Invoice;
    const full = other.items[0]?.pesos ?? 0;
    const corrected = await creditNote(other.id, {
      reason: 'Servicio no prestado',
      kind: 'amounts',
      lines: [{ itemId: 1, pesos: full }],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const emptied = await creditNote(other.id, {
      reason: 'Otra vez',
      kind: 'amounts',
      lines: [{ itemId: 1, pesos: 1 }],
    });
    expect([emptied.statusCode, emptied.json().message]).toEqual([400, CREDIT_LINE_MESSAGES.nothingLeft(1)]);
    const annulled = (await creditNote(other.id, { reason: 'Anulada' })).json().invoice as Invoice;
    const note = annulled.creditNotes.at(-1);
    const { tree } = await xmlOf(`/api/invoices/${other.id}/credit-notes/${note?.id}/xml`);
    expect(all(tree, 'Detalle').map((d) => value(d, 'NmbItem'))).toEqual([
      'Servicio 2 (taxable)',
      'Servicio 3 (exempt)',
    ]);
    expect(note?.totalAmount).toBe((other.items[1]?.pesos ?? 0) + (other.items[2]?.pesos ?? 0));
  });

  it("finds a note only on its own invoice and a seller's own sales", async () => {
    const read = (await call('admin', 'GET', `/api/invoices/${invoice.id}`)).json().invoice as Invoice;
    const noteId = read.creditNotes[0]?.id;
    for (const [who, url, status] of [
      ['sales', `/api/invoices/${invoice.id}/credit-notes/${noteId}/xml`, 200],
      ['otherSeller', `/api/invoices/${invoice.id}/credit-notes/${noteId}/xml`, 404],
      ['otherSeller', `/api/invoices/${invoice.id}/credit-notes/${noteId}/pdf`, 404],
      ['admin', `/api/invoices/${refs.otherInvoice}/credit-notes/${noteId}/xml`, 404],
      ['admin', `/api/invoices/${invoice.id}/credit-notes/999999/pdf`, 404],
      ['admin', `/api/invoices/${invoice.id}/credit-notes/abc/xml`, 400],
    ] as const) {
      expect((await call(who, 'GET', url)).statusCode, `${who} ${url}`).toBe(status);
    }
  });
});
