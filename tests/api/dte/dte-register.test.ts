// Libro de ventas: the month's DTEs for the accountant, as CSV and .xlsx (docs/product.md#invoices-api).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IssueInput, issueDte, secretBox } from '../../../src/server/modules/dte';
import { setUpIssuing } from '../../helpers/dte-setup';
import { readCsv, readXlsx } from '../../helpers/exports';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
const box = secretBox('clave-de-prueba-del-libro');
const receiver = {
  rut: '77.777.777-7',
  businessName: 'Cliente Empresa Ltda.',
  businessActivity: 'Comercio',
  address: 'Calle 1',
  commune: 'Santiago',
};
const mixed = [
  { name: 'Pasaje internacional', pesos: 500_000n, exempt: true },
  { name: 'Traslado', pesos: 119_000n, exempt: false },
];
const issue = (input: Partial<IssueInput>) =>
  issueDte(ctx.db, box, { type: 33, issueDate: '2031-03-10', receiver, lines: mixed, ...input });

beforeAll(async () => {
  ctx = await createTestContext();
  await setUpIssuing(ctx, box, [
    { type: 33, from: 1, to: 10 },
    { type: 34, from: 1, to: 10 },
    { type: 61, from: 1, to: 10 },
  ]);
  const first = await issue({ issueDate: '2031-03-01' });
  await issue({
    type: 34,
    issueDate: '2031-03-31',
    lines: [{ name: 'Paquete', pesos: 70_000n, exempt: true }],
  });
  await issue({ issueDate: '2031-04-01' });
  await issue({
    type: 61,
    issueDate: '2031-03-15',
    reference: { documentId: first.id, code: 1, reason: 'Anula' },
  });
});
afterAll(() => ctx.close());

const get = async (url: string, who: 'admin' | 'finance' | 'sales' = 'finance') =>
  ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) });

describe('sales register', () => {
  it("lists the month's documents by type and folio, a credit note's amounts negative", async () => {
    const res = await get('/api/reports/sales-register?month=2031-03&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('libro-de-ventas-2031-03');
    const sheet = readCsv(res.rawPayload);
    expect(sheet.header).toEqual([
      'Tipo',
      'Documento',
      'Folio',
      'Folio final',
      'Cantidad',
      'Fecha',
      'RUT receptor',
      'Razón social receptor',
      'Exento (CLP)',
      'Neto (CLP)',
      'IVA (CLP)',
      'Total (CLP)',
    ]);
    const row = (type: string, folio: string, date: string, amounts: string[]) => [
      type,
      expect.any(String),
      folio,
      folio,
      '1',
      date,
      '77777777-7',
      'Cliente Empresa Ltda.',
      ...amounts,
    ];
    expect(sheet.rows).toEqual([
      row('33', '1', '2031-03-01', ['500000', '100000', '19000', '619000']),
      row('34', '1', '2031-03-31', ['70000', '0', '0', '70000']),
      row('61', '1', '2031-03-15', ['-500000', '-100000', '-19000', '-619000']),
    ]);
  });

  it('gives the same rows as .xlsx numbers, and another month its own documents', async () => {
    const xlsx = await readXlsx(
      (await get('/api/reports/sales-register?month=2031-03&format=xlsx')).rawPayload,
    );
    expect(xlsx.rows.map((r) => [r[0], r[2], r[11]])).toEqual([
      [33, 1, 619000],
      [34, 1, 70000],
      [61, 1, -619000],
    ]);
    const april = readCsv((await get('/api/reports/sales-register?month=2031-04&format=csv')).rawPayload);
    expect(april.rows.map((r) => [r[0], r[2]])).toEqual([['33', '2']]);
  });

  it('refuses a month not written yyyy-mm, and sellers', async () => {
    for (const month of ['2031-13', '2031-3', 'marzo']) {
      const res = await get(`/api/reports/sales-register?month=${month}&format=csv`);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining('aaaa-mm')]);
    }
    expect((await get('/api/reports/sales-register?month=2031-03&format=csv', 'sales')).statusCode).toBe(403);
  });
});
