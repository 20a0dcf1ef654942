import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/domain/agency-day';
import type { ExportSpec } from '../../../src/domain/field-specs';
import { enumLabel, SALE_FIELD_SPECS, SALE_FIELDS, type SaleField } from '../../../src/domain/sales';
import { statusLabel } from '../../../src/domain/status';
import { hasBom, readCsv, readXlsx, santiagoDay } from '../../helpers/exports';
import { type FinanceAgency, financeAgency } from '../../helpers/finance';
import { createTestContext, insertUser, type TestContext, type Who } from '../../helpers/test-app';

/**
 * GET /api/sales/export (docs/decisions/0022-exports.md): the .xlsx and the CSV hold exactly the rows of GET /api/sales for
 * the same filters and sort, in the same order, across more than one batch of 1,000, within the
 * caller's scope; bad input is a 400.
 */
let ctx: TestContext;
let agency: FinanceAgency;
let otherSeller: { id: number };

/** A row of GET /api/sales: the fixed fields the test reads, and every declared field by its name. */
type ListedSale = {
  id: number;
  status: string;
  creationDate: string;
  currency: string;
  salePrice: number;
  totalCost: number;
  paidAmount: number;
  pendingAmount: number;
  client: { name: string; clientId: string | null };
  seller: { id: number; username: string };
} & Partial<Record<SaleField, unknown>>;

/** A cell as the CSV writes it (es-CL text) and as the .xlsx types it. */
interface Cell {
  header: string;
  csv: unknown;
  xlsx: unknown;
}

const money = (header: string, n: number): Cell => ({ header, csv: n.toFixed(2).replace('.', ','), xlsx: n });

/**
 * The cells of one declared sale field, derived from its declaration (SALE_FIELD_SPECS) and the list's
 * JSON: a field added to the declarations is checked here without writing its column again. The
 * fields that name another record are shown by that record's columns.
 */
function fieldCells(field: SaleField, s: ListedSale): Cell[] {
  const spec: ExportSpec | null = SALE_FIELD_SPECS[field].export;
  if (!spec) return [];
  const { header, kind } = spec;
  if (field === 'clientId') {
    return [
      { header, csv: s.client.name, xlsx: s.client.name },
      { header: 'RUT/ID cliente', csv: s.client.clientId ?? '', xlsx: s.client.clientId ?? null },
    ];
  }
  if (field === 'sellerId') return [{ header, csv: s.seller.username, xlsx: s.seller.username }];
  if (kind === 'record') throw new Error(`${field}: say here which columns show the record it names`);
  const value = s[field];
  if (kind === 'label') return [{ header, csv: enumLabel(String(value)), xlsx: enumLabel(String(value)) }];
  if (kind === 'date') return [{ header, csv: value, xlsx: new Date(`${String(value)}T00:00:00Z`) }];
  if (kind === 'number') return [{ header, csv: String(value), xlsx: value }];
  return [{ header, csv: value ?? '', xlsx: value ?? null }];
}

/** An Excel date has no zone: an instant is written as Santiago's wall-clock time (sv-SE writes ISO-like). */
const santiagoWallClock = (iso: string) =>
  new Date(
    `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Santiago', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)).replace(' ', 'T')}Z`,
  );

/** Every cell of a sale's row: the sale's own columns around its declared fields. */
const cellsOf = (s: ListedSale): Cell[] => [
  { header: 'N° venta', csv: String(s.id), xlsx: s.id },
  { header: 'Estado', csv: statusLabel(s.status), xlsx: statusLabel(s.status) },
  {
    header: 'Fecha de creación',
    csv: formatDateTime(s.creationDate, 'America/Santiago'),
    xlsx: santiagoWallClock(s.creationDate),
  },
  ...SALE_FIELDS.flatMap((field) => fieldCells(field, s)),
  { header: 'Moneda', csv: s.currency, xlsx: s.currency },
  money('Precio de venta (US$)', s.salePrice),
  money('Costo total (US$)', s.totalCost),
  money('Pagado (US$)', s.paidAmount),
  money('Pendiente (US$)', s.pendingAmount),
];

/** The file's columns in the order the Ventas file has always had them; fields added since follow. */
const FIRST_COLUMNS = [
  'N° venta',
  'Estado',
  'Fecha de creación',
  'Fecha de viaje',
  'Cliente',
  'RUT/ID cliente',
  'Pasajero',
  'Vendedor',
  'Tipo de venta',
  'Tipo de servicio',
  'Región',
];
const LAST_COLUMNS = [
  'Moneda',
  'Precio de venta (US$)',
  'Costo total (US$)',
  'Pagado (US$)',
  'Pendiente (US$)',
];

/** The header holds exactly the expected columns: the fixed ones in place, every declared field's. */
function expectHeader(header: string[], sample: ListedSale) {
  expect(header.slice(0, FIRST_COLUMNS.length)).toEqual(FIRST_COLUMNS);
  expect(header.slice(-LAST_COLUMNS.length)).toEqual(LAST_COLUMNS);
  expect([...header].sort()).toEqual(
    cellsOf(sample)
      .map((cell) => cell.header)
      .sort(),
  );
}

/** A row as header -> value, so that checks name their columns instead of counting them. */
const byHeader = (header: string[], row: unknown[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));
const expectedRow = (s: ListedSale, format: 'csv' | 'xlsx') =>
  Object.fromEntries(cellsOf(s).map((cell) => [cell.header, cell[format]]));

const get = async (url: string, who: Who = 'admin') =>
  ctx.app.inject({ method: 'GET', url, headers: await ctx.auth(who) });

/** Every sale of the list for a query, page after page (past a capped count too), in its order. */
async function listed(query: string, who: Who = 'admin'): Promise<ListedSale[]> {
  const rows: ListedSale[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/sales?${query}&page=${page}&limit=100`, who);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.body}`);
    const sales: ListedSale[] = res.json().sales;
    rows.push(...sales);
    if (sales.length < 100) return rows;
  }
}

async function exported(format: 'xlsx' | 'csv', query: string, who: Who = 'admin') {
  const res = await get(`/api/sales/export?format=${format}&${query}`, who);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  const sheet = format === 'xlsx' ? await readXlsx(res.rawPayload) : readCsv(res.rawPayload);
  return { ...sheet, records: sheet.rows.map((row) => byHeader(sheet.header, row)) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  agency = await financeAgency(ctx, 'vx');
  otherSeller = await insertUser(ctx.db, 'sales', 'otro');
  const nunez = await agency.client('José Núñez');
  const first = await agency.sale({
    travelDate: '2033-03-10',
    clientId: nunez.id,
    items: [{ salePrice: '1500.50', costPrice: '1000.25', reservationCode: 'ZX-901' }],
  });
  const second = await agency.sale({
    travelDate: '2033-05-20',
    items: [
      { salePrice: '999.99', costPrice: '400.01' },
      { salePrice: '0.01', costPrice: '0.00' },
    ],
  });
  const theirs = await agency.sale({
    travelDate: '2033-04-01',
    clientId: nunez.id,
    sellerId: otherSeller.id,
    items: [{ salePrice: '800.00', costPrice: '500.00' }],
  });
  await agency.pay(first, '300.10');
  await agency.pay(first, '99.99', 'pending');
  await agency.pay(theirs, '800.00');
  await agency.cancel(second);
  // 1,200 more sales than one export batch (1,000) holds, with repeated prices, travel dates and
  // creation instants (to the microsecond): the keyset must neither skip nor repeat a row.
  await ctx.db.execute(sql`
    insert into sales (passenger_name, client_id, seller_id, creation_date, travel_date, sale_type,
                       service_type, region, sale_price, total_cost)
    select 'Lote ' || g, ${nunez.id}, case when g % 3 = 0 then ${otherSeller.id}::int else ${ctx.users.sales.id}::int end,
           timestamptz '2030-06-01 10:00:00.123456+00' + (g % 40) * interval '1 minute',
           date '2034-01-01' + (g % 9), 'group', 'flight', 'national', (g % 13) * 100.25, (g % 13) * 50.10
    from generate_series(1, 1200) g`);
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/sales/export', () => {
  it('.xlsx: dated file name, frozen Spanish header, typed cells equal to the list', async () => {
    const query = 'q=n%C3%BA%C3%B1ez&status=confirmed,cancelled&travelFrom=2033-01-01&travelTo=2033-12-31';
    const res = await get(`/api/sales/export?format=xlsx&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ventas-${santiagoDay()}.xlsx"`);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.frozenRows).toBe(1);
    const list = await listed(query);
    expect(list.map((s) => s.id).length).toBe(2);
    expectHeader(sheet.header, list[0] as ListedSale);
    const records = sheet.rows.map((row) => byHeader(sheet.header, row));
    expect(records).toEqual(list.map((s) => expectedRow(s, 'xlsx')));
    // Spanish labels, exact cents, what the client paid (the pending payment does not count).
    const columns = ['Estado', 'Tipo de venta', 'Tipo de servicio', 'Región'];
    const amounts = ['Precio de venta (US$)', 'Pagado (US$)', 'Pendiente (US$)'];
    expect(records.map((r) => [...columns, ...amounts].map((c) => r[c]))).toEqual(
      expect.arrayContaining([
        ['Confirmada', 'Individual', 'Paquete', 'Internacional', 1500.5, 300.1, 1200.4],
      ]),
    );
  });

  it('CSV: BOM, the same rows as the list for a search, a status, date ranges and sorts', async () => {
    const queries = [
      'q=ZX-901',
      'status=cancelled',
      'createdFrom=2030-06-01&createdTo=2030-06-01&sort=travelDate',
      'travelFrom=2033-01-01&travelTo=2033-12-31&sort=-salePrice',
      'q=pasajero&sort=client',
    ];
    for (const query of queries) {
      const res = await get(`/api/sales/export?format=csv&${query}`);
      expect(res.headers['content-disposition'], query).toBe(
        `attachment; filename="ventas-${santiagoDay()}.csv"`,
      );
      expect(hasBom(res.rawPayload)).toBe(true);
      const csv = readCsv(res.rawPayload);
      const list = await listed(query);
      expect(list.length, query).toBeGreaterThan(0);
      expectHeader(csv.header, list[0] as ListedSale);
      expect(
        csv.rows.map((row) => byHeader(csv.header, row)),
        query,
      ).toEqual(list.map((s) => expectedRow(s, 'csv')));
    }
    const cancelled = await exported('csv', 'status=cancelled');
    expect(
      cancelled.records.map((r) => [r.Estado, r['Precio de venta (US$)'], r['Costo total (US$)']]),
    ).toEqual([['Cancelada', '1000,00', '400,01']]);
  });

  it('more than one batch, sorted on non-unique columns both ways, neither skips nor repeats', async () => {
    for (const sort of ['-salePrice', 'salePrice', '-creationDate', 'travelDate', '-client', 'id']) {
      const query = `travelFrom=2034-01-01&sort=${sort}`;
      const list = await listed(query);
      expect(list.length).toBe(1200);
      const csv = await exported('csv', query);
      expect(
        csv.records.map((r) => Number(r['N° venta'])),
        sort,
      ).toEqual(list.map((s) => s.id));
    }
    const query = 'travelFrom=2034-01-01&sort=-salePrice';
    const xlsx = await exported('xlsx', query);
    expect(xlsx.records).toEqual((await listed(query)).map((s) => expectedRow(s, 'xlsx')));
  });

  it('a seller exports only own sales, whatever the filters say', async () => {
    for (const query of ['sort=id', `sellerId=${otherSeller.id}`, 'q=n%C3%BA%C3%B1ez&sort=-travelDate']) {
      const list = await listed(query, 'sales');
      const csv = await exported('csv', query, 'sales');
      expect(
        csv.records.map((r) => Number(r['N° venta'])),
        query,
      ).toEqual(list.map((s) => s.id));
      expect(list.every((s) => s.seller.id === ctx.users.sales.id)).toBe(true);
    }
    const all = await exported('csv', 'sort=id', 'sales');
    expect(all.rows.length).toBe(802);
    expect(new Set(all.records.map((r) => r.Vendedor)).size).toBe(1);
    expect((await exported('csv', `sellerId=${otherSeller.id}`, 'sales')).rows).toEqual([]);
    expect((await exported('csv', 'sort=id', 'finance')).rows.length).toBe(1203);
  });

  it('bad input is a 400 with a Spanish message', async () => {
    const bad = [
      'format=pdf',
      'format=CSV',
      '',
      'format=csv&format=xlsx',
      'format=csv&page=2',
      'format=csv&limit=10',
      'format=csv&sort=precio',
      'format=csv&status=open',
      'format=csv&travelFrom=2033-02-30',
      'format=csv&createdFrom=2033-02-01&createdTo=2033-01-01',
      'format=csv&sellerId=abc',
      'format=csv&q=a%01b',
      'format=csv&extra=1',
    ];
    for (const query of bad) {
      const res = await get(`/api/sales/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/[a-záéíóúñ]/i);
    }
    expect((await get('/api/sales/export?format=pdf')).json().message).toContain(
      'El formato debe ser xlsx o csv',
    );
  });
});
