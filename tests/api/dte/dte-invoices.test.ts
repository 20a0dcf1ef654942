// "Generar Factura" issues a DTE once the company's tax data are saved (docs/decisions/0065-dte-invoices.md):
// 33 and 34 from a sale's items, a 61 that annuls it, their XML, PDF and refusals, through the routes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCertificate, dteCafs, invoices, siiSubmissions } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/auth';
import { ISSUE_MESSAGES } from '../../../src/server/modules/dte';
import { DTE_INVOICE_MESSAGES } from '../../../src/server/modules/invoices/dte-invoice';
import { DTE_NEEDS_CREDIT_NOTE } from '../../../src/server/modules/invoices/service';
import { taxBody } from '../../helpers/dte-examples';
import { COMPANY_RUT_STORED, makeCaf, makeP12 } from '../../helpers/dte-fixtures';
import { all, first, names, timbreVerifies, value } from '../../helpers/dte-xml';
import { pdfText } from '../../helpers/pdf-text';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';
import { verifySignatures, xmlTree } from '../../helpers/xml-check.mjs';
import { xsdErrors } from '../../helpers/xsd';

let ctx: TestContext;
type Who = 'admin' | 'sales' | 'finance' | 'otherSeller';
const tokens = new Map<Who, Record<string, string>>();
let otherSeller: { id: number };
const p12 = makeP12();
const cafs = {
  33: makeCaf({ type: 33, from: 1, to: 50 }),
  34: makeCaf({ type: 34, from: 1, to: 50 }),
  61: makeCaf({ type: 61, from: 1, to: 50 }),
};
const refs: Record<string, number> = {};

async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: tokens.get(who), ...(payload ? { payload } : {}) });
}
async function created(url: string, payload: object) {
  const res = await call('admin', 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (Object.values(res.json()).find((v) => typeof v === 'object') as { id: number }).id;
}

/** A completed sale of `seller` with items `[classification key, USD price]`, in `region`. */
async function completedSale(
  items: [string, string][],
  options: { region?: string; client?: string; sellerId?: number; complete?: boolean } = {},
) {
  const res = await call('admin', 'POST', '/api/sales', {
    saleData: {
      passengerName: 'Pasajero DTE',
      clientId: refs[options.client ?? 'company'],
      travelDate: '2031-02-10',
      saleType: 'individual',
      serviceType: 'package',
      region: options.region ?? 'national',
      passengerCount: 1,
      sellerId: options.sellerId ?? ctx.users.sales.id,
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
  expect(res.statusCode, res.body).toBe(201);
  const sale = res.json().sale as { id: number; items: { id: number }[] };
  if (options.complete !== false) {
    const done = await call('admin', 'PUT', `/api/sales/${sale.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
  }
  return sale;
}

const receiverBody = { receiverActivity: 'Comercio minorista', receiverCommune: 'Ñuñoa' };
/** The next folio of every CAF, summed: unchanged when no folio was taken. */
const foliosTaken = async () =>
  (await ctx.db.select({ n: sql<string>`coalesce(sum(${dteCafs.nextFolio}), 0)::text` }).from(dteCafs))[0]?.n;

/** The EnvioDTE as its bytes say (ISO-8859-1), parsed. */
async function xmlOf(url: string, who: Who = 'admin') {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=ISO-8859-1');
  const xml = res.rawPayload.toString('latin1');
  // Every DTE read here is checked against the SII's schema by libxml2 (tests/helpers/xsd.ts).
  expect(await xsdErrors(xml)).toEqual([]);
  return { xml, tree: xmlTree(xml) };
}
const pdfOf = async (url: string) => {
  const res = await call('admin', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

beforeAll(async () => {
  ctx = await createTestContext();
  otherSeller = await insertUser(ctx.db, 'sales', 'otro');
  for (const who of ['admin', 'sales', 'finance'] as const) tokens.set(who, await ctx.auth(who));
  tokens.set('otherSeller', { authorization: `Bearer ${await createSession(ctx.db, otherSeller.id)}` });
  refs.company = await created('/api/clients', {
    name: 'Ñandú Turismo & Cía. Ltda.',
    clientId: '77.777.777-7',
    address: 'Calle Uno 1',
  });
  refs.noRut = await created('/api/clients', { name: 'Persona sin RUT' });
  refs.byRegion = await created('/api/classifications', { name: 'Aéreo' });
  refs.taxable = await created('/api/classifications', { name: 'Hotel', taxTreatment: 'taxable' });
  refs.exempt = await created('/api/classifications', { name: 'Seguro', taxTreatment: 'exempt' });
  refs.supplier = await created('/api/suppliers', { name: 'Proveedor DTE' });
  refs.operator = await created('/api/operators', { name: 'Operador DTE' });
  refs.passenger = await created('/api/passengers', {
    name: 'Pasajero DTE',
    passengerId: 'P-DTE-1',
    dateOfBirth: '1980-01-01',
  });
  const rates = await call('admin', 'PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'CLP', rate: 0.00105 },
    ],
  });
  expect(rates.statusCode, rates.body).toBe(200);
});
afterAll(() => ctx.close());

describe('classification tax treatment', () => {
  it('defaults to byRegion, is returned, kept when an update leaves it out, and refused when unknown', async () => {
    const one = (await call('admin', 'GET', `/api/classifications/${refs.byRegion}`)).json();
    expect(one.taxTreatment).toBe('byRegion');
    const rename = await call('admin', 'PUT', `/api/classifications/${refs.taxable}`, { name: 'Hotelería' });
    expect(rename.json().classification).toMatchObject({ name: 'Hotelería', taxTreatment: 'taxable' });
    const wrong = await call('admin', 'POST', '/api/classifications', { name: 'X', taxTreatment: 'zero' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('El tratamiento tributario debe ser exempt, taxable o byRegion');
    // Suppliers have no such field.
    expect(
      (await call('admin', 'POST', '/api/suppliers', { name: 'Y', taxTreatment: 'exempt' })).statusCode,
    ).toBe(400);
  });
});

describe('without tax data: the internal invoice', () => {
  it('is numbered as before, has no DTE fields nor XML, and its PDF says it is not a tax document', async () => {
    const sale = await completedSale([['taxable', '100.00']]);
    const res = await call('sales', 'POST', `/api/sales/${sale.id}/invoice`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().invoice;
    expect(invoice.invoiceNumber).toMatch(/^F-\d{4}-\d{6}$/);
    for (const field of ['dteType', 'folio', 'netAmount', 'totalAmount'])
      expect(invoice).not.toHaveProperty(field);
    const xml = await call('admin', 'GET', `/api/invoices/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(404);
    expect(xml.json().message).toContain('interna');
    expect(await pdfOf(`/api/invoices/${invoice.id}/pdf`)).toContain('sin validez tributaria');
    refs.internalInvoice = invoice.id;
  });
});

describe('with tax data, certificate and CAFs: DTE invoices', () => {
  beforeAll(async () => {
    expect((await call('admin', 'PUT', '/api/company/tax', taxBody())).statusCode).toBe(200);
    const cert = await call('admin', 'POST', '/api/company/certificate', {
      file: p12.base64,
      password: p12.password,
    });
    expect(cert.statusCode, cert.body).toBe(200);
    for (const caf of Object.values(cafs)) {
      expect((await call('admin', 'POST', '/api/company/cafs', { xml: caf.xml })).statusCode).toBe(201);
    }
  });

  it('asks for the receiver data the client lacks, taking no folio', async () => {
    const sale = await completedSale([['taxable', '10.00']]);
    const before = await foliosTaken();
    const res = await call('sales', 'POST', `/api/sales/${sale.id}/invoice`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      DTE_INVOICE_MESSAGES.missingReceiver(['el giro del receptor', 'la comuna del receptor']),
    );
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'receiverActivity',
      'receiverCommune',
    ]);
    expect(await foliosTaken()).toBe(before);
  });

  it('issues a 33 for taxable and exempt items in USD: pesos at the rate, IVA and totals to the peso', async () => {
    const sale = await completedSale([
      ['byRegion', '1000.50'], // national: taxable
      ['exempt', '250.25'],
    ]);
    const res = await call('sales', 'POST', `/api/sales/${sale.id}/invoice`, receiverBody);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().invoice;
    // 1 / 0.00105 = 952.38 pesos per dollar; 1000.50 -> 952 856, 250.25 -> 238 333 (half up).
    // Net round(952 856 / 1.19) = 800 719, IVA 152 137, total 1 191 189.
    expect(invoice).toMatchObject({
      dteType: 33,
      folio: 1,
      netAmount: 800_719,
      exemptAmount: 238_333,
      vatAmount: 152_137,
      totalAmount: 1_191_189,
      // Queued for the SII in the issue's transaction; no worker runs here, so it waits.
      siiStatus: 'pending',
      sii: { id: expect.any(Number), status: 'pending', messages: [] },
      exchangeRate: 952.38,
      client: {
        taxId: '77.777.777-7',
        activity: 'Comercio minorista',
        commune: 'Ñuñoa',
        address: 'Calle Uno 1',
      },
    });
    expect(invoice.items.map((i: { exempt: boolean; pesos: number }) => [i.exempt, i.pesos])).toEqual([
      [false, 952_856],
      [true, 238_333],
    ]);
    refs.invoice33 = invoice.id;

    const { xml, tree } = await xmlOf(`/api/invoices/${invoice.id}/xml`);
    expect(tree.name).toBe('EnvioDTE');
    expect(names(first(tree, 'SetDTE'))).toEqual(['Caratula', 'DTE']);
    const documento = first(tree, 'Documento');
    expect(names(documento)).toEqual(['Encabezado', 'Detalle', 'Detalle', 'TED', 'TmstFirma']);
    expect(names(first(documento, 'Encabezado'))).toEqual(['IdDoc', 'Emisor', 'Receptor', 'Totales']);
    expect([value(tree, 'TipoDTE'), value(tree, 'Folio'), value(tree, 'RUTRecep')]).toEqual([
      '33',
      '1',
      '77777777-7',
    ]);
    expect([value(tree, 'GiroRecep'), value(tree, 'CmnaRecep'), value(tree, 'RznSocRecep')]).toEqual([
      'Comercio minorista',
      'Ñuñoa',
      'Ñandú Turismo & Cía. Ltda.',
    ]);
    const totales = first(tree, 'Totales');
    expect(names(totales)).toEqual(['MntNeto', 'MntExe', 'TasaIVA', 'IVA', 'MntTotal']);
    expect(totales.children.map((c) => c.text)).toEqual(['800719', '238333', '19', '152137', '1191189']);
    expect(all(tree, 'Detalle').map((d) => [names(d).includes('IndExe'), value(d, 'MontoItem')])).toEqual([
      [false, '952856'],
      [true, '238333'],
    ]);
    // The DTE's and the envelope's XMLDSig, checked by xml-crypto (the code signs with node:crypto).
    expect(verifySignatures(xml, p12.certificatePem)).toEqual([true, true]);
    expect(timbreVerifies(xml, cafs[33])).toBe(true);
    expect(timbreVerifies(xml, cafs[34])).toBe(false);

    const text = await pdfOf(`/api/invoices/${invoice.id}/pdf`);
    for (const expected of [
      'R.U.T.: 76123456-0',
      'FACTURA ELECTRÓNICA',
      'N° 1',
      'S.I.I. - SANTIAGO',
      'Ñandú Turismo & Cía. Ltda.',
      'Exento',
      'Monto neto: CLP 800,719',
      'Monto exento: CLP 238,333',
      'IVA 19%: CLP 152,137',
      'Total: CLP 1,191,189',
      'CLP 952.38 por cada 1 USD',
      'Timbre Electrónico SII',
      'Res. 0 de 2031',
      'Verifique documento: www.sii.cl',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives back the invoice the sale already has, taking no second folio', async () => {
    const invoice = (await call('admin', 'GET', `/api/invoices/${refs.invoice33}`)).json().invoice;
    const before = await foliosTaken();
    const again = await call('admin', 'POST', `/api/sales/${invoice.saleId}/invoice`, receiverBody);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice.folio).toBe(1);
    expect(await foliosTaken()).toBe(before);
  });

  it("issues a 34 when every item is exempt, remembering the client's giro and comuna", async () => {
    const sale = await completedSale([['byRegion', '640.10']], { region: 'international' });
    const res = await call('sales', 'POST', `/api/sales/${sale.id}/invoice`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().invoice;
    // 640.10 x 952.38 = 609 618.44 -> 609 618, all exempt.
    expect(invoice).toMatchObject({
      dteType: 34,
      folio: 1,
      netAmount: 0,
      exemptAmount: 609_618,
      vatAmount: 0,
      totalAmount: 609_618,
    });
    const { xml, tree } = await xmlOf(`/api/invoices/${invoice.id}/xml`);
    expect(names(first(tree, 'Totales'))).toEqual(['MntExe', 'MntTotal']);
    expect(value(tree, 'IndExe')).toBe('1');
    expect(value(tree, 'GiroRecep')).toBe('Comercio minorista');
    expect(verifySignatures(xml, p12.certificatePem)).toEqual([true, true]);
    expect(timbreVerifies(xml, cafs[34])).toBe(true);
    expect(await pdfOf(`/api/invoices/${invoice.id}/pdf`)).toContain(
      'Factura No Afecta o Exenta Electrónica N° 1',
    );
  });

  it("lets an admin override an item's exemption, and refuses it to a seller (403) taking no folio", async () => {
    const sale = await completedSale([['byRegion', '100.00']], { region: 'international' });
    const override = { ...receiverBody, items: [{ id: sale.items[0]?.id, exempt: false }] };
    const before = await foliosTaken();
    const seller = await call('sales', 'POST', `/api/sales/${sale.id}/invoice`, override);
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe(DTE_INVOICE_MESSAGES.overrideAdmin);
    const unknown = await call('admin', 'POST', `/api/sales/${sale.id}/invoice`, {
      items: [{ id: 999999, exempt: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await foliosTaken()).toBe(before);
    const admin = await call('admin', 'POST', `/api/sales/${sale.id}/invoice`, override);
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json().invoice).toMatchObject({
      dteType: 33,
      folio: 2,
      totalAmount: 95_238,
      vatAmount: 15_206,
    });
  });

  it('refuses each bad case with a Spanish message and takes no folio', async () => {
    const refusals: [string, () => Promise<{ statusCode: number; body: string }>, number, string][] = [];
    const notCompleted = await completedSale([['taxable', '5.00']], { complete: false });
    refusals.push([
      'not completed',
      () => call('admin', 'POST', `/api/sales/${notCompleted.id}/invoice`, receiverBody),
      409,
      'Solo se puede facturar una venta liquidada',
    ]);
    const noRut = await completedSale([['taxable', '5.00']], { client: 'noRut' });
    // Unnamed, a client without RUT gets a boleta (dte-boletas.test.ts); a factura asked for is refused.
    refusals.push([
      'no RUT',
      () => call('admin', 'POST', `/api/sales/${noRut.id}/invoice`, { ...receiverBody, documentType: 33 }),
      409,
      DTE_INVOICE_MESSAGES.noRut,
    ]);
    for (const [what, run, status, message] of refusals) {
      const before = await foliosTaken();
      const res = await run();
      expect([what, res.statusCode, JSON.parse(res.body).message]).toEqual([what, status, message]);
      expect(await foliosTaken(), what).toBe(before);
    }

    const sale = await completedSale([['taxable', '5.00']]);
    const issue = () => call('admin', 'POST', `/api/sales/${sale.id}/invoice`, receiverBody);
    const refusedWith = async (status: number, message: string) => {
      const before = await foliosTaken();
      const res = await issue();
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
      expect(await foliosTaken()).toBe(before);
    };
    // No folios left of type 33.
    await ctx.db
      .update(dteCafs)
      .set({ nextFolio: sql`${dteCafs.folioTo} + 1` })
      .where(eq(dteCafs.type, 33));
    await refusedWith(409, ISSUE_MESSAGES.noFolios(33, COMPANY_RUT_STORED));
    await ctx.db.update(dteCafs).set({ nextFolio: 3 }).where(eq(dteCafs.type, 33));
    // An expired certificate.
    const [stored] = await ctx.db.select().from(companyCertificate);
    await ctx.db.update(companyCertificate).set({ validTo: new Date(Date.now() - 86_400_000) });
    await refusedWith(409, ISSUE_MESSAGES.expiredCertificate);
    // No certificate at all.
    await ctx.db.delete(companyCertificate);
    await refusedWith(409, ISSUE_MESSAGES.noCertificate);
    if (stored) await ctx.db.insert(companyCertificate).values(stored);
    const issued = await issue();
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().invoice.folio).toBe(3);
  });

  it("keeps a seller to their own sales' invoices: another seller can neither issue nor read them", async () => {
    const sale = await completedSale([['taxable', '7.00']]);
    const theirs = await call('otherSeller', 'POST', `/api/sales/${sale.id}/invoice`, receiverBody);
    expect(theirs.statusCode).toBe(404);
    for (const path of ['', '/xml', '/pdf', '/credit-note/xml', '/credit-note/pdf']) {
      expect(
        (await call('otherSeller', 'GET', `/api/invoices/${refs.invoice33}${path}`)).statusCode,
        path,
      ).toBe(404);
    }
    expect((await call('sales', 'GET', `/api/invoices/${refs.invoice33}/xml`)).statusCode).toBe(200);
  });
});

describe('Nota de Crédito (61)', () => {
  it('is refused on an internal invoice, and the old cancel is refused on a DTE', async () => {
    const internal = await call('admin', 'POST', `/api/invoices/${refs.internalInvoice}/credit-note`, {
      reason: 'Error',
    });
    expect(internal.statusCode).toBe(409);
    const cancel = await call('admin', 'POST', `/api/invoices/${refs.invoice33}/cancel`, { reason: 'Error' });
    expect([cancel.statusCode, cancel.json().message]).toEqual([409, DTE_NEEDS_CREDIT_NOTE]);
    const sales = await call('sales', 'POST', `/api/invoices/${refs.invoice33}/credit-note`, {
      reason: 'Error',
    });
    expect(sales.statusCode).toBe(403);
  });

  it('cancelling the invoiced sale asks for the credit note', async () => {
    const invoice = (await call('admin', 'GET', `/api/invoices/${refs.invoice33}`)).json().invoice;
    const res = await call('admin', 'PUT', `/api/sales/${invoice.saleId}`, { status: 'cancelled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('emite primero una nota de crédito');
  });

  it('annuls the 33 with a 61 referencing it (code 1), with the same totals, shown on both', async () => {
    const before = await foliosTaken();
    const res = await call('admin', 'POST', `/api/invoices/${refs.invoice33}/credit-note`, {
      reason: 'Venta anulada por el cliente',
    });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json().invoice;
    expect(invoice).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Venta anulada por el cliente',
      creditNote: { folio: 1, reason: 'Venta anulada por el cliente', totalAmount: 1_191_189 },
    });
    expect(BigInt((await foliosTaken()) ?? 0) - BigInt(before ?? 0)).toBe(1n);
    expect(invoice.creditNote.sii).toEqual({ id: expect.any(Number), status: 'pending', messages: [] });
    // What the SII's outbox records shows on the invoice: the 33 accepted, with its track id.
    await ctx.db
      .update(siiSubmissions)
      .set({ status: 'accepted', trackId: '0123456789', siiMessages: ['EPR: Envío Procesado'] })
      .where(
        eq(
          siiSubmissions.dteDocumentId,
          sql`(select ${invoices.dteDocumentId} from ${invoices} where ${invoices.id} = ${invoice.id})`,
        ),
      );
    const list = (await call('admin', 'GET', `/api/invoices?saleId=${invoice.saleId}`)).json().invoices;
    expect(list[0].creditNote.folio).toBe(1);
    expect(list[0]).toMatchObject({
      siiStatus: 'accepted',
      sii: { status: 'accepted', trackId: '0123456789', messages: ['EPR: Envío Procesado'] },
      creditNote: { sii: { status: 'pending' } },
    });

    const { xml, tree } = await xmlOf(`/api/invoices/${invoice.id}/credit-note/xml`);
    expect(value(tree, 'TipoDTE')).toBe('61');
    expect(names(first(tree, 'Documento'))).toEqual([
      'Encabezado',
      'Detalle',
      'Detalle',
      'Referencia',
      'TED',
      'TmstFirma',
    ]);
    const referencia = first(tree, 'Referencia');
    expect(referencia.children.map((c) => [c.name, c.text])).toEqual([
      ['NroLinRef', '1'],
      ['TpoDocRef', '33'],
      ['FolioRef', '1'],
      ['FchRef', invoice.date],
      ['CodRef', '1'],
      ['RazonRef', 'Venta anulada por el cliente'],
    ]);
    expect(first(tree, 'Totales').children.map((c) => c.text)).toEqual([
      '800719',
      '238333',
      '19',
      '152137',
      '1191189',
    ]);
    expect(verifySignatures(xml, p12.certificatePem)).toEqual([true, true]);
    expect(timbreVerifies(xml, cafs[61])).toBe(true);

    const notePdf = await pdfOf(`/api/invoices/${invoice.id}/credit-note/pdf`);
    expect(notePdf).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(notePdf).toContain('Factura Electrónica N° 1');
    expect(await pdfOf(`/api/invoices/${invoice.id}/pdf`)).toContain('Nota de Crédito Electrónica N° 1');

    const again = await call('admin', 'POST', `/api/invoices/${invoice.id}/credit-note`, {
      reason: 'Otra vez',
    });
    expect(again.statusCode).toBe(409);
    expect(await foliosTaken()).toBe(String(BigInt(before ?? 0) + 1n));
  });

  it('takes a strict body', async () => {
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x', extra: 1 },
      { reason: 'x'.repeat(91) },
      { reason: 5 },
    ]) {
      expect(
        (await call('admin', 'POST', `/api/invoices/${refs.invoice33}/credit-note`, body)).statusCode,
      ).toBe(400);
    }
  });
});
