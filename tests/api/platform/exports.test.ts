import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../src/server/db/schema';
import { csvNumber, hasBom, readCsv, readXlsx, santiagoDay } from '../../helpers/exports';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, insertUser, type TestContext, type Who } from '../../helpers/test-app';

/**
 * Exports (docs/decisions/0022-exports.md): each list as .xlsx and CSV holds exactly what the list's JSON
 * holds, for the same filters and the same role scope; typed cells, frozen header, BOM, file name; bad input
 * 400.
 */
let ctx: TestContext;
let agency: FinanceAgency;
let otherSeller: { id: number };

const download = async (url: string, who: Who = 'admin') => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) });
  return { res, file: res.rawPayload };
};
const json = async (url: string, who: Who = 'admin') =>
  (await ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) })).json();

/** Every page of a paged list, in order. */
async function allPages<T>(url: string, key: string, who: Who = 'admin'): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const body = await json(`${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=100`, who);
    rows.push(...body[key]);
    if (page >= body.pagination.totalPages) return rows;
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'exp');
  otherSeller = await insertUser(ctx.db, 'sales', 'otro');
  // More clients than one batch (1,000), with repeated names: the keyset must neither skip nor repeat.
  await ctx.db.insert(clients).values(
    Array.from({ length: 1030 }, (_, i) => ({
      name: `Cliente Lote ${String(i % 515).padStart(4, '0')}`,
      clientId: `LOTE-${i}`,
    })),
  );
  await agency.client('José Núñez');
  await agency.client('=HYPERLINK("http://x")');
  const mine = await agency.sale({
    travelDate: '2032-03-10',
    items: [{ salePrice: '1500.50', costPrice: '1000.25' }],
  });
  const theirs = await agency.sale({
    travelDate: '2032-04-10',
    sellerId: otherSeller.id,
    items: [{ salePrice: '800.00', costPrice: '500.00' }],
  });
  await agency.pay(mine, '300.10');
  await agency.pay(mine, '99.99', 'pending');
  await agency.pay(theirs, '800.00');
}, 120_000);
afterAll(() => ctx.close());

describe('file format', () => {
  it('xlsx: content type, dated file name, frozen bold header, typed cells', async () => {
    const { res, file } = await download('/api/payments/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pagos-${santiagoDay()}.xlsx"`);
    const sheet = await readXlsx(file);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.header).toEqual([
      'N° pago',
      'Fecha',
      'Venta',
      'Cliente',
      'Pasajero',
      'Estado de la venta',
      'Monto (en su moneda)',
      'Moneda',
      'Tasa a USD',
      'Tasa editada',
      'Monto USD (US$)',
      'Método',
      'Referencia',
      'Estado',
      'Registrado',
    ]);
    const [first] = sheet.rows;
    expect(typeof first?.[0]).toBe('number');
    expect(first?.[1]).toBeInstanceOf(Date);
    expect(typeof first?.[6]).toBe('number');
    expect(typeof first?.[8]).toBe('number');
    expect(typeof first?.[10]).toBe('number');
    expect(first?.[14]).toBeInstanceOf(Date);
  });

  it('CSV: UTF-8 with BOM, `;`, decimal comma, accents intact, formulas neutralised', async () => {
    const { res, file } = await download('/api/clients/export?format=csv&q=n');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="clientes-${santiagoDay()}.csv"`);
    expect(hasBom(file)).toBe(true);
    const sheet = readCsv(file);
    expect(sheet.header).toEqual(['Nombre', 'ID/RUT', 'Email', 'Dirección', 'Teléfono', 'Comuna', 'Giro']);
    expect(sheet.rows.map((r) => r[0])).toContain('José Núñez');
    expect(file.toString('utf8')).toContain(`'=HYPERLINK(""http://x"")`);
    // In the .xlsx the same name is a plain string cell, never a formula.
    const xlsx = await readXlsx((await download('/api/clients/export?format=xlsx&q=hyperlink')).file);
    expect(xlsx.rows).toEqual([['=HYPERLINK("http://x")', null, null, null, null, null, null]]);
  });

  it('format must be exactly xlsx or csv; unknown parameters and paging are refused', async () => {
    for (const query of ['format=pdf', 'format=XLSX', '', 'format=csv&format=xlsx']) {
      const { res } = await download(`/api/clients/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/[a-záéíóúñ]/i);
    }
    expect((await download('/api/clients/export?format=pdf')).res.json().message).toContain(
      'El formato debe ser xlsx o csv',
    );
    for (const url of [
      '/api/payments/export?format=csv&page=2',
      '/api/audit/export?format=csv&limit=5',
      '/api/reports/sales/export?format=csv&groupBy=planet',
      '/api/reports/sales/export?format=csv&from=2032-12-01&to=2032-01-01',
      '/api/clients/export?format=csv&extra=1',
    ]) {
      expect((await download(url)).res.statusCode, url).toBe(400);
    }
  });
});

describe('exports hold what the lists hold', () => {
  it('clients: every row of every page, in the list order, across export batches', async () => {
    const list = await allPages<{ name: string; clientId: string | null }>('/api/clients', 'data');
    expect(list.length).toBeGreaterThan(1000);
    const csv = readCsv((await download('/api/clients/export?format=csv')).file);
    // The CSV quotes a leading `=` (see "formulas neutralised" above); otherwise the same text.
    const csvText = (text: string) => (text.startsWith('=') ? `'${text}` : text);
    expect(csv.rows.map((r) => [r[0], r[1]])).toEqual(list.map((c) => [csvText(c.name), c.clientId ?? '']));
    const xlsx = await readXlsx((await download('/api/clients/export?format=xlsx')).file);
    expect(xlsx.rows.map((r) => [r[0], r[1]])).toEqual(list.map((c) => [c.name, c.clientId ?? null]));
  });

  it('payments: amounts to the cent, dates typed; a seller gets only the payments of own sales', async () => {
    for (const who of ['admin', 'sales', 'finance'] as const) {
      const list = await allPages<{ id: number; amount: number; date: string; status: string }>(
        '/api/payments',
        'payments',
        who,
      );
      const xlsx = await readXlsx((await download('/api/payments/export?format=xlsx', who)).file);
      expect(xlsx.rows.map((r) => [r[0], r[6], (r[1] as Date).toISOString().slice(0, 10)])).toEqual(
        list.map((p) => [p.id, p.amount, p.date]),
      );
      const csv = readCsv((await download('/api/payments/export?format=csv', who)).file);
      expect(csv.rows.map((r) => [Number(r[0]), csvNumber(r[6] as string), r[1]])).toEqual(
        list.map((p) => [p.id, p.amount, p.date]),
      );
    }
    const seller = readCsv((await download('/api/payments/export?format=csv', 'sales')).file);
    expect(seller.rows.map((r) => r[6]).sort()).toEqual(['300,10', '99,99']);
    const filtered = readCsv((await download('/api/payments/export?format=csv&status=pending')).file);
    expect(filtered.rows.map((r) => [r[6], r[10], r[13]])).toEqual([['99,99', '99,99', 'Pendiente']]);
  });

  it('sales report: the rows of the report, in the seller scope', async () => {
    const query = 'groupBy=supplier&from=2032-01-01&to=2032-12-31&dateField=travel';
    for (const who of ['admin', 'sales'] as const) {
      const report = await json(`/api/reports/sales?${query}`, who);
      const { res, file } = await download(`/api/reports/sales/export?format=xlsx&${query}`, who);
      expect(res.headers['content-disposition']).toContain('reporte-ventas-');
      const xlsx = await readXlsx(file);
      expect(xlsx.header).toEqual([
        'Proveedor',
        'Ventas',
        'Total venta (US$)',
        'Costo total (US$)',
        'Utilidad (US$)',
        'Margen (%)',
      ]);
      expect(xlsx.rows).toEqual(
        report.rows.map((r: Record<string, number | string>) => [
          r.label,
          r.salesCount,
          r.totalSale,
          r.totalCost,
          r.profit,
          r.margin,
        ]),
      );
    }
    const seller = readCsv((await download(`/api/reports/sales/export?format=csv&${query}`, 'sales')).file);
    expect(seller.rows).toEqual([['Proveedor exp', '1', '1500,50', '1000,25', '500,25', '33,34']]);
  });

  it('receivables and payables: the report rows; for admin and finance only', async () => {
    const report = await json('/api/reports/receivables?asOf=2032-06-01&limit=100');
    const csv = readCsv((await download('/api/reports/receivables/export?format=csv&asOf=2032-06-01')).file);
    expect(csv.header).toEqual([
      'Cliente',
      'Ventas',
      'Total (US$)',
      'Pagado (US$)',
      'Pendiente (US$)',
      'Vencido (US$)',
      'Por vencer (US$)',
      '1-30 días (US$)',
      '31-60 días (US$)',
      '61-90 días (US$)',
      'Más de 90 días (US$)',
    ]);
    expect(
      csv.rows.map((r) => [
        r[0],
        csvNumber(r[4] as string),
        csvNumber(r[5] as string),
        csvNumber(r[8] as string),
      ]),
    ).toEqual(
      report.clients.map(
        (c: {
          clientName: string;
          pendingAmount: number;
          overdueAmount: number;
          buckets: { d31_60: number };
        }) => [c.clientName, c.pendingAmount, c.overdueAmount, c.buckets.d31_60],
      ),
    );
    const dues = await json('/api/reports/payables?asOf=2032-03-01&days=60', 'finance');
    const xlsx = await readXlsx(
      (await download('/api/reports/payables/export?format=xlsx&asOf=2032-03-01&days=60', 'finance')).file,
    );
    expect(xlsx.header[4]).toBe('Vence en 60 días (US$)');
    expect(xlsx.rows.map((r) => [r[0], r[1]])).toEqual(
      dues.suppliers.map((s: { supplierName: string; pendingAmount: number }) => [
        s.supplierName,
        s.pendingAmount,
      ]),
    );
    expect((await download('/api/reports/receivables/export?format=csv', 'sales')).res.statusCode).toBe(403);
  });

  it('audit: the filtered trail; a seller only the history of an own sale', async () => {
    const list = await allPages<{ id: number; action: string }>('/api/audit?entity=payment', 'entries');
    const xlsx = await readXlsx((await download('/api/audit/export?format=xlsx&entity=payment')).file);
    expect(xlsx.rows.map((r) => [r[0], r[5]])).toEqual(list.map((e) => [e.id, 'Pago']));
    expect(xlsx.rows[0]?.[1]).toBeInstanceOf(Date);
    expect((await download('/api/audit/export?format=csv', 'sales')).res.statusCode).toBe(403);
    const [own] = (await json('/api/sales', 'sales')).sales as { id: number }[];
    const history = await json(`/api/audit?entity=sale&entityId=${own?.id}`, 'sales');
    const csv = readCsv(
      (await download(`/api/audit/export?format=csv&entity=sale&entityId=${own?.id}`, 'sales')).file,
    );
    expect(csv.rows.map((r) => Number(r[0]))).toEqual(history.entries.map((e: { id: number }) => e.id));
    const [theirs] = (await json(`/api/sales?limit=100`)).sales.filter(
      (s: { seller?: { id: number } }) => s.seller?.id === otherSeller.id,
    );
    const hidden = await download(`/api/audit/export?format=csv&entity=sale&entityId=${theirs.id}`, 'sales');
    expect(hidden.res.statusCode).toBe(404);
  });

  it('supplier balances, supplier history and currency rates: admin only, as their lists', async () => {
    await agency.paySupplier(agency.refs.supplier.id, '100.00', 'EUR');
    const balances = (await json('/api/supplier-payments/suppliers/sales')).suppliers;
    const xlsx = await readXlsx(
      (await download('/api/supplier-payments/suppliers/sales/export?format=xlsx')).file,
    );
    expect(xlsx.rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual(
      balances.map((s: Record<string, unknown>) => [
        s.supplierName,
        s.grossAmount,
        s.paidAmount,
        s.pendingAmount,
      ]),
    );
    // After the USD columns, each other currency's costs and payments in it, as the cards show them.
    expect(xlsx.header.slice(7)).toEqual(['Total (EUR)', 'Pagado (EUR)']);
    expect(xlsx.rows.map((r) => [r[0], r[7], r[8]])).toEqual(
      balances.map((s: { supplierName: string; byCurrency: Record<string, unknown>[] }) => {
        const eur = s.byCurrency.find((f) => f.currency === 'EUR');
        return [s.supplierName, eur?.grossAmount ?? 0, eur?.paidAmount ?? 0];
      }),
    );
    expect(
      balances.some((s: { byCurrency: { currency: string; paidAmount: number }[] }) =>
        s.byCurrency.some((f) => f.currency === 'EUR' && f.paidAmount === 100),
      ),
    ).toBe(true);
    const history = (await json(`/api/supplier-payments/supplier/${agency.refs.supplier.id}/history`))
      .payments;
    const csv = readCsv(
      (await download(`/api/supplier-payments/supplier/${agency.refs.supplier.id}/history/export?format=csv`))
        .file,
    );
    // Each payment's amount is in its own currency (the column beside it); the converted one in dollars.
    expect(csv.header.slice(3, 7)).toEqual([
      'Monto (en su moneda)',
      'Moneda',
      'Tasa a USD',
      'Monto convertido (US$)',
    ]);
    expect(csv.rows.map((r) => [Number(r[0]), r[3], r[4], r[6]])).toEqual(
      history.map((p: { id: number; currency: string }) => [p.id, '100,00', p.currency, '108,25']),
    );
    const rates = (await json('/api/company/currency-rates')).data;
    const rateSheet = await readXlsx((await download('/api/company/currency-rates/export?format=xlsx')).file);
    expect(rateSheet.rows.map((r) => [r[0], r[1], r[2]])).toEqual(
      rates.map((r: { currency: string; rate: number; isActive: boolean }) => [
        r.currency,
        r.rate,
        r.isActive ? 'Sí' : 'No',
      ]),
    );
    for (const who of ['sales', 'finance'] as const) {
      expect((await download('/api/company/currency-rates/export?format=csv', who)).res.statusCode).toBe(403);
    }
  });
});
