// The accountant's month (docs/decisions/0103-the-tax-month.md): the stored tax documents and the
// supplier payments of a month, as JSON and as the export's files.
import { and, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dteDocuments } from '../../../src/server/db/schema';
import { type IssueInput, issueDte, secretBox } from '../../../src/server/modules/dte';
import { setUpIssuing } from '../../helpers/dte-setup';
import { readCsv, readXlsx } from '../../helpers/exports';
import { createSaleRefs } from '../../helpers/sales';
import { storeBoletas } from '../../helpers/stored-boletas';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

let ctx: TestContext;
const box = secretBox('clave-de-prueba-del-mes-tributario');
const receiver = {
  rut: '77.777.777-7',
  businessName: 'Cliente Empresa Ltda.',
  businessActivity: 'Comercio',
  address: 'Calle 1',
  commune: 'Santiago',
};
const mixed = [
  { name: 'Pasaje internacional', pesos: 500_001n, exempt: true },
  { name: 'Traslado', pesos: 119_007n, exempt: false },
];
const issue = (input: Partial<IssueInput>) =>
  issueDte(ctx.db, box, { type: 33, issueDate: '2031-03-10', receiver, lines: mixed, ...input });

const get = async (url: string, who: Who = 'finance') =>
  ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) });

beforeAll(async () => {
  ctx = await createTestContext();
  await setUpIssuing(ctx, box, [
    { type: 33, from: 1, to: 10 },
    { type: 34, from: 1, to: 10 },
    { type: 61, from: 1, to: 10 },
  ]);
  // Facturas 1-3 and 5 in March, 4 in April: March's folios are 1–3 and 5.
  const first = await issue({ issueDate: '2031-03-01' });
  await issue({ issueDate: '2031-03-02', lines: [{ name: 'Hotel', pesos: 238_000n, exempt: false }] });
  await issue({ issueDate: '2031-03-31' });
  await issue({ issueDate: '2031-04-01' });
  await issue({ issueDate: '2031-03-20', lines: [{ name: 'Tour', pesos: 59_999n, exempt: false }] });
  await issue({
    type: 34,
    issueDate: '2031-03-31',
    lines: [{ name: 'Paquete', pesos: 70_000n, exempt: true }],
  });
  await issue({
    type: 61,
    issueDate: '2031-03-15',
    reference: { documentId: first.id, code: 1, reason: 'Anula' },
  });
  await storeBoletas(ctx, [
    { type: 39, folio: 1, issueDate: '2031-03-05', net: 10_000, exempt: 0, vat: 1_900 },
    { type: 39, folio: 2, issueDate: '2031-03-05', net: 20_000, exempt: 500, vat: 3_800 },
    { type: 39, folio: 3, issueDate: '2031-03-06', net: 5_042, exempt: 0, vat: 958 },
    { type: 41, folio: 1, issueDate: '2031-03-05', net: 0, exempt: 8_000, vat: 0 },
  ]);

  const refs = await createSaleRefs(ctx, 'mes-trib');
  const headers = await ctx.auth('admin');
  const rates = { rates: [{ currency: 'CLP', unitsPerUsd: '1000' }] };
  expect(
    (await ctx.app.inject({ method: 'PUT', url: '/api/company/currency-rates', headers, payload: rates }))
      .statusCode,
  ).toBe(200);
  const pay = async (amount: string, currency: string, paymentDate: string) => {
    const payload = {
      supplierId: refs.supplier.id,
      amount,
      currency,
      paymentDate,
      paymentMethod: 'transfer',
      description: 'Pago del hotel',
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/supplier-payments', headers, payload });
    expect(res.statusCode, res.body).toBe(201);
  };
  await pay('500000', 'CLP', '2031-03-01');
  await pay('250001', 'CLP', '2031-03-31');
  await pay('100.25', 'USD', '2031-03-10');
  await pay('0.10', 'USD', '2031-03-11');
  await pay('999', 'USD', '2031-02-28');
  await pay('999', 'USD', '2031-04-01');
});
afterAll(() => ctx.close());

/** March's stored documents, read and added up here with BigInt, apart from the report's SQL. */
async function storedSums() {
  const rows = await ctx.db
    .select()
    .from(dteDocuments)
    .where(and(gte(dteDocuments.issueDate, '2031-03-01'), lt(dteDocuments.issueDate, '2031-04-01')));
  const byType = new Map<
    number,
    { count: number; exempt: bigint; net: bigint; vat: bigint; total: bigint }
  >();
  for (const row of rows) {
    const sums = byType.get(row.type) ?? { count: 0, exempt: 0n, net: 0n, vat: 0n, total: 0n };
    sums.count++;
    sums.exempt += BigInt(row.exemptAmount);
    sums.net += BigInt(row.netAmount);
    sums.vat += BigInt(row.vatAmount);
    sums.total += BigInt(row.totalAmount);
    byType.set(row.type, sums);
  }
  return byType;
}

describe('the tax month', () => {
  it('equals the sum of the stored documents to the peso, credit notes subtracted', async () => {
    const res = await get('/api/reports/tax-month?month=2031-03');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const stored = await storedSums();
    expect(data.types.map((t: { type: number }) => t.type)).toEqual([33, 34, 39, 41, 61]);
    const month = { exempt: 0n, net: 0n, vat: 0n, total: 0n };
    for (const t of data.types) {
      const sums = stored.get(t.type);
      expect(sums, `type ${t.type} stored`).toBeDefined();
      if (!sums) continue;
      expect([t.count, t.exempt, t.net, t.vat, t.total]).toEqual([
        sums.count,
        Number(sums.exempt),
        Number(sums.net),
        Number(sums.vat),
        Number(sums.total),
      ]);
      const sign = t.type === 61 ? -1n : 1n;
      for (const key of ['exempt', 'net', 'vat', 'total'] as const) month[key] += sign * sums[key];
    }
    expect(data.totals).toEqual({
      exempt: Number(month.exempt),
      net: Number(month.net),
      vat: Number(month.vat),
      total: Number(month.total),
    });
    const vatOf = (type: number) => stored.get(type)?.vat ?? 0n;
    expect(data.vatDebit).toBe(Number(vatOf(33) + vatOf(39) - vatOf(61)));
    expect(data.types[0]).toMatchObject({ label: 'Factura Electrónica', subtracts: false });
    expect(data.types[4]).toMatchObject({ type: 61, count: 1, subtracts: true });
  });

  it('gives folios as runs of consecutive numbers, and zeros for a type with no document', async () => {
    const { data } = (await get('/api/reports/tax-month?month=2031-03&format=json')).json();
    expect(data.types.map((t: { folios: unknown }) => t.folios)).toEqual([
      [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ],
      [{ from: 1, to: 1 }],
      [{ from: 1, to: 3 }],
      [{ from: 1, to: 1 }],
      [{ from: 1, to: 1 }],
    ]);
    const may = (await get('/api/reports/tax-month?month=2031-05')).json().data;
    expect(
      may.types.every((t: { count: number; folios: unknown[] }) => t.count === 0 && !t.folios.length),
    ).toBe(true);
    expect([may.totals, may.vatDebit, may.supplierPayments]).toEqual([
      { exempt: 0, net: 0, vat: 0, total: 0 },
      0,
      [],
    ]);
  });

  it("counts the month's supplier payments per currency, pesos whole", async () => {
    const { data } = (await get('/api/reports/tax-month?month=2031-03', 'admin')).json();
    expect(data.supplierPayments).toEqual([
      { currency: 'CLP', count: 2, total: 750_001 },
      { currency: 'USD', count: 2, total: 100.35 },
    ]);
  });

  it('exports the same figures as CSV and .xlsx, a credit note negative', async () => {
    const { data } = (await get('/api/reports/tax-month?month=2031-03')).json();
    const csv = await get('/api/reports/tax-month?month=2031-03&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('mes-tributario-2031-03');
    const sheet = readCsv(csv.rawPayload);
    expect(sheet.header).toEqual([
      'Concepto',
      'Tipo',
      'Cantidad',
      'Folios',
      'Exento',
      'Neto',
      'IVA',
      'Total',
      'Moneda',
    ]);
    const [factura, note] = [data.types[0], data.types[4]];
    expect(sheet.rows[0]).toEqual([
      'Factura Electrónica',
      '33',
      '4',
      '1–3, 5',
      String(factura.exempt),
      String(factura.net),
      String(factura.vat),
      String(factura.total),
      'CLP',
    ]);
    expect(sheet.rows[4]?.slice(1, 8)).toEqual([
      '61',
      '1',
      '1',
      `-${note.exempt}`,
      `-${note.net}`,
      `-${note.vat}`,
      `-${note.total}`,
    ]);
    expect(sheet.rows[5]?.slice(4, 8)).toEqual(
      [data.totals.exempt, data.totals.net, data.totals.vat, data.totals.total].map(String),
    );
    expect(sheet.rows[6]?.[6]).toBe(String(data.vatDebit));
    expect(sheet.rows.slice(7).map((r) => [r[0], r[2], r[7], r[8]])).toEqual([
      ['Pagos a proveedores', '2', '750001', 'CLP'],
      ['Pagos a proveedores', '2', '100,35', 'USD'],
    ]);

    const xlsx = await readXlsx(
      (await get('/api/reports/tax-month?month=2031-03&format=xlsx', 'admin')).rawPayload,
    );
    expect(xlsx.rows.map((r) => r[7])).toEqual([
      ...data.types.map((t: { total: number; subtracts: boolean }) => (t.subtracts ? -t.total : t.total)),
      data.totals.total,
      null,
      750_001,
      100.35,
    ]);
  });

  it('refuses sellers, a month not written yyyy-mm and an unknown format or field', async () => {
    expect((await get('/api/reports/tax-month?month=2031-03', 'sales')).statusCode).toBe(403);
    for (const month of ['2031-13', '2031-3', 'marzo', '']) {
      const res = await get(`/api/reports/tax-month?month=${month}`);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining('aaaa-mm')]);
    }
    expect((await get('/api/reports/tax-month')).statusCode).toBe(400);
    const pdf = await get('/api/reports/tax-month?month=2031-03&format=pdf');
    expect([pdf.statusCode, pdf.json().message]).toEqual([400, expect.stringContaining('json, xlsx o csv')]);
    expect((await get('/api/reports/tax-month?month=2031-03&extra=1')).statusCode).toBe(400);
  });
});

describe('the Libro de ventas with boletas', () => {
  it('summarises boletas in one line per day and type: count, folios and amounts', async () => {
    const sheet = readCsv((await get('/api/reports/sales-register?month=2031-03&format=csv')).rawPayload);
    const boletas = sheet.rows.filter((r) => r[0] === '39' || r[0] === '41');
    expect(boletas.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6], r[7], ...r.slice(8)])).toEqual([
      ['39', '1', '2', '2', '2031-03-05', '', 'Resumen diario de boletas', '500', '30000', '5700', '36200'],
      ['39', '3', '3', '1', '2031-03-06', '', 'Resumen diario de boletas', '0', '5042', '958', '6000'],
      ['41', '1', '1', '1', '2031-03-05', '', 'Resumen diario de boletas', '8000', '0', '0', '8000'],
    ]);
    // Facturas stay one line each, in type order around the boletas.
    expect(sheet.rows.map((r) => r[0])).toEqual(['33', '33', '33', '33', '34', '39', '39', '41', '61']);
  });
});
