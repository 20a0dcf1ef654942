// Boletas (decision 0097): a client without RUT gets a Boleta Electrónica (39) or Exenta (41) from
// "Generar Factura", in an EnvioBOLETA checked against the SII's schema by libxml2, its signatures by
// xml-crypto and its timbre by node-forge; a 61 annuls it; facturas' EnvioDTE pass their schema too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dteCafs } from '../../../src/server/db/schema';
import { DTE_MESSAGES } from '../../../src/server/modules/dte';
import { DTE_INVOICE_MESSAGES } from '../../../src/server/modules/invoices/dte-invoice';
import { taxBody } from '../../helpers/dte-examples';
import { makeCaf, makeP12 } from '../../helpers/dte-fixtures';
import { first, names, timbreVerifies, value } from '../../helpers/dte-xml';
import { pdfText } from '../../helpers/pdf-text';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { verifySignatures, xmlTree } from '../../helpers/xml-check.mjs';
import { xsdErrors } from '../../helpers/xsd';

let ctx: TestContext;
let headers: Record<string, string>;
const p12 = makeP12();
const cafs = {
  33: makeCaf({ type: 33, from: 1, to: 20 }),
  39: makeCaf({ type: 39, from: 1, to: 20 }),
  41: makeCaf({ type: 41, from: 1, to: 20 }),
  61: makeCaf({ type: 61, from: 1, to: 20 }),
};
const refs: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
async function created(url: string, payload: object) {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (Object.values(res.json()).find((v) => typeof v === 'object') as { id: number }).id;
}
const foliosTaken = async () =>
  (await ctx.db.select({ n: sql<string>`coalesce(sum(${dteCafs.nextFolio}), 0)::text` }).from(dteCafs))[0]?.n;

/** A completed sale of `client` with items `[classification key, USD price]`. */
async function completedSale(client: string, items: [string, string][]) {
  const res = await call('POST', '/api/sales', {
    saleData: {
      passengerName: 'Ana Pérez',
      clientId: refs[client],
      travelDate: '2031-03-10',
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
  expect(res.statusCode, res.body).toBe(201);
  const sale = res.json().sale as { id: number };
  expect((await call('PUT', `/api/sales/${sale.id}`, { status: 'completed' })).statusCode).toBe(200);
  return sale;
}
async function issued(saleId: number, body?: object) {
  const res = await call('POST', `/api/sales/${saleId}/invoice`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice;
}
/** The stored envelope as its bytes say (ISO-8859-1), checked by libxml2, xml-crypto and node-forge. */
async function checkedXml(url: string, caf: { modulus: string; exponent: string }) {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const xml = res.rawPayload.toString('latin1');
  expect(await xsdErrors(xml)).toEqual([]);
  expect(verifySignatures(xml, p12.certificatePem)).toEqual([true, true]);
  expect(timbreVerifies(xml, caf)).toBe(true);
  return { xml, tree: xmlTree(xml) };
}
const pdfOf = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

beforeAll(async () => {
  ctx = await createTestContext();
  headers = await ctx.auth('admin');
  refs.person = await created('/api/clients', { name: 'Ana Pérez Muñoz', address: 'Los Aromos 12' });
  refs.company = await created('/api/clients', {
    name: 'Turismo Andino Ltda.',
    clientId: '77.777.777-7',
    address: 'Calle Uno 1',
    businessActivity: 'Agencia de viajes',
    commune: 'Providencia',
  });
  refs.taxable = await created('/api/classifications', { name: 'Hotel', taxTreatment: 'taxable' });
  refs.exempt = await created('/api/classifications', { name: 'Seguro', taxTreatment: 'exempt' });
  refs.supplier = await created('/api/suppliers', { name: 'Proveedor Boletas' });
  refs.operator = await created('/api/operators', { name: 'Operador Boletas' });
  refs.passenger = await created('/api/passengers', {
    name: 'Ana Pérez',
    passengerId: 'P-BOL-1',
    dateOfBirth: '1985-05-05',
  });
  const rates = await call('PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'CLP', rate: 0.00105 },
    ],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  expect((await call('PUT', '/api/company/tax', taxBody())).statusCode).toBe(200);
  const cert = await call('POST', '/api/company/certificate', { file: p12.base64, password: p12.password });
  expect(cert.statusCode, cert.body).toBe(200);
  for (const caf of Object.values(cafs)) {
    const res = await call('POST', '/api/company/cafs', { xml: caf.xml });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('a client without RUT', () => {
  it('gets a boleta 39 with gross lines, exact totals and the generic receiver, in a valid EnvioBOLETA', async () => {
    const sale = await completedSale('person', [
      ['taxable', '10.00'],
      ['exempt', '5.00'],
    ]);
    const res = await call('POST', `/api/sales/${sale.id}/invoice`);
    expect([res.statusCode, res.json().message]).toEqual([201, 'Boleta generada']);
    const invoice = res.json().invoice;
    // 952.38 pesos per dollar: 10.00 -> 9 524, 5.00 -> 4 762; net round(9 524 / 1.19) = 8 003, IVA 1 521.
    expect(invoice).toMatchObject({
      dteType: 39,
      folio: 1,
      netAmount: 8003,
      vatAmount: 1521,
      exemptAmount: 4762,
      totalAmount: 14_286,
    });
    const { xml, tree } = await checkedXml(`/api/invoices/${invoice.id}/xml`, cafs[39]);
    expect(tree.name).toBe('EnvioBOLETA');
    // The schema is really checked: without its IndServicio the boleta is not valid.
    expect(await xsdErrors(xml.replace('<IndServicio>3</IndServicio>', ''))).not.toEqual([]);
    const caratula = first(tree, 'Caratula');
    expect([value(caratula, 'TpoDTE'), value(caratula, 'NroDTE')]).toEqual(['39', '1']);
    const documento = first(tree, 'Documento');
    expect(names(first(documento, 'IdDoc'))).toEqual(['TipoDTE', 'Folio', 'FchEmis', 'IndServicio']);
    expect(value(documento, 'IndServicio')).toBe('3');
    expect(names(first(documento, 'Emisor'))).toEqual([
      'RUTEmisor',
      'RznSocEmisor',
      'GiroEmisor',
      'DirOrigen',
      'CmnaOrigen',
    ]);
    const receptor = first(documento, 'Receptor');
    expect(receptor.children.map((c) => [c.name, c.text])).toEqual([
      ['RUTRecep', '66666666-6'],
      ['RznSocRecep', 'Ana Pérez Muñoz'],
      ['DirRecep', 'Los Aromos 12'],
    ]);
    const totales = first(documento, 'Totales');
    expect(totales.children.map((c) => [c.name, c.text])).toEqual([
      ['MntNeto', '8003'],
      ['MntExe', '4762'],
      ['IVA', '1521'],
      ['MntTotal', '14286'],
    ]);
    // The line shows what the client pays, IVA included.
    expect(documento.children.filter((c) => c.name === 'Detalle').map((d) => value(d, 'MontoItem'))).toEqual([
      '9524',
      '4762',
    ]);
    expect([value(first(documento, 'DD'), 'RR'), value(first(documento, 'DD'), 'MNT')]).toEqual([
      '66666666-6',
      '14286',
    ]);
    const pdf = await pdfOf(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf).toContain('BOLETA ELECTRÓNICA');
    expect(pdf).toContain('Timbre Electrónico SII');
    expect(pdf).toContain('66666666-6');
    refs.boleta = invoice.id;
  });

  it('gets a boleta exenta 41 for an exempt sale', async () => {
    const sale = await completedSale('person', [['exempt', '20.00']]);
    const invoice = await issued(sale.id, {});
    expect(invoice).toMatchObject({ dteType: 41, folio: 1, exemptAmount: 19_048, totalAmount: 19_048 });
    const { tree } = await checkedXml(`/api/invoices/${invoice.id}/xml`, cafs[41]);
    expect(names(first(tree, 'Totales'))).toEqual(['MntExe', 'MntTotal']);
    const pdf = await pdfOf(`/api/invoices/${invoice.id}/pdf`);
    // The RUT box is narrow: the name wraps.
    expect(pdf).toMatch(/BOLETA NO AFECTA O EXENTA\s+ELECTRÓNICA/);
    expect(pdf).toContain('Timbre Electrónico SII');
  });

  it('is refused a factura, and a type its lines cannot be, with Spanish messages and no folio taken', async () => {
    const sale = await completedSale('person', [['taxable', '3.00']]);
    const cases: [object, number, string][] = [
      [{ documentType: 33 }, 409, DTE_INVOICE_MESSAGES.noRut],
      [{ documentType: 34 }, 409, DTE_INVOICE_MESSAGES.noRut],
      [{ documentType: 41 }, 400, DTE_MESSAGES.boletaExemptHasTaxable],
      [{ documentType: 40 }, 400, 'documentType debe ser 33, 34, 39 o 41'],
      [{ documentType: '39' }, 400, 'documentType debe ser 33, 34, 39 o 41'],
    ];
    for (const [body, status, message] of cases) {
      const before = await foliosTaken();
      const res = await call('POST', `/api/sales/${sale.id}/invoice`, body);
      expect([body, res.statusCode, res.body]).toEqual([body, status, expect.stringContaining(message)]);
      expect(await foliosTaken()).toBe(before);
    }
    expect((await issued(sale.id, { documentType: 39 })).dteType).toBe(39);
  });
});

describe('a client with RUT', () => {
  it('gets a factura whose EnvioDTE validates, or a boleta naming its RUT when asked', async () => {
    const sale = await completedSale('company', [['taxable', '10.00']]);
    const factura = await issued(sale.id);
    expect(factura.dteType).toBe(33);
    const { xml, tree } = await checkedXml(`/api/invoices/${factura.id}/xml`, cafs[33]);
    expect(tree.name).toBe('EnvioDTE');
    // DTE_v10.xsd is really checked: a factura without its Acteco is not valid.
    expect(await xsdErrors(xml.replace(/<Acteco>\d+<\/Acteco>/, ''))).not.toEqual([]);

    const other = await completedSale('company', [['taxable', '10.00']]);
    const boleta = await issued(other.id, { documentType: 39 });
    expect(boleta.dteType).toBe(39);
    const checked = await checkedXml(`/api/invoices/${boleta.id}/xml`, cafs[39]);
    expect(value(checked.tree, 'RUTRecep')).toBe('77777777-7');
    expect(names(first(checked.tree, 'Receptor'))).toEqual([
      'RUTRecep',
      'RznSocRecep',
      'DirRecep',
      'CmnaRecep',
    ]);
  });
});

describe('a Nota de Crédito (61) of a boleta', () => {
  it('annuls it referencing TpoDocRef 39, to the receiver the boleta named, in a valid EnvioDTE', async () => {
    const res = await call('POST', `/api/invoices/${refs.boleta}/credit-note`, { reason: 'Cliente desiste' });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json().invoice;
    expect(invoice.status).toBe('cancelled');
    const note = invoice.creditNotes[0];
    expect(note).toMatchObject({ code: 1, totalAmount: 14_286, netAmount: 8003, vatAmount: 1521 });
    const { tree } = await checkedXml(`/api/invoices/${refs.boleta}/credit-notes/${note.id}/xml`, cafs[61]);
    expect(tree.name).toBe('EnvioDTE');
    const referencia = first(tree, 'Referencia');
    expect([
      value(referencia, 'TpoDocRef'),
      value(referencia, 'FolioRef'),
      value(referencia, 'CodRef'),
    ]).toEqual(['39', '1', '1']);
    expect(value(first(tree, 'Receptor'), 'RUTRecep')).toBe('66666666-6');
    const pdf = await pdfOf(`/api/invoices/${refs.boleta}/credit-notes/${note.id}/pdf`);
    expect(pdf).toContain('Boleta Electrónica N° 1');
  });
});
