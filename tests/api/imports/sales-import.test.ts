import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_CELLS_MESSAGE } from '../../../src/domain/import-sales';
import { clients, operators, passengers, payments, sales, suppliers } from '../../../src/server/db/schema';
import { importCalls } from '../../helpers/imports';
import { CSV, csv, XLSX } from '../../helpers/spreadsheets';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  asAdmin = await ctx.auth('admin');
  const rate = await ctx.app.inject({
    method: 'PUT',
    url: '/api/company/currency-rates',
    headers: asAdmin,
    payload: { rates: [{ currency: 'CLP', rate: 0.00105 }] },
  });
  expect(rate.statusCode, rate.body).toBe(200);
  const passengers = csv([
    'Nombre;ID;Fecha de nacimiento;Número de documento',
    'Ana Pasajera;11.111.111-1;01/01/1980;',
    'Beto Pasajero;P-200;02/02/1985;F9000',
  ]);
  expect((await send('passengers', passengers)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const { send, get, countOf } = importCalls(
  () => ctx,
  () => asAdmin,
);

const HEADER =
  'Venta;RUT cliente;Cliente;Pasajero;Fecha de viaje;Tipo de venta;Tipo de servicio;Región;Moneda;Pagado;Clasificación;Proveedor;Operador;Descripción;Precio de venta;Costo;Pasajeros';

describe('importing sales', () => {
  it('the template, in both formats, imports back (once)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await get(`/api/imports/sales/template?format=${format}`);
      expect(template.statusCode, template.body).toBe(200);
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
        expect(workbook.worksheets.map((s) => s.name)).toEqual(['Ventas', 'Instrucciones']);
        // In a ;-separated CSV the passengers' cell, itself ;-separated, must be quoted: the sheet says so.
        const notes: string[] = [];
        workbook.getWorksheet('Instrucciones')?.eachRow((row) => {
          notes.push(row.values.toString());
        });
        expect(notes.join('\n')).toMatch(/«Pasajeros» con varios documentos va entre comillas dobles/);
      }
      const res = await send('sales', template.rawPayload, format === 'csv' ? CSV : XLSX);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'sales', rows: 1, errors: [] });
      // Sale, client and its three catalog entries the first time; nothing the second.
      expect(res.json()).toMatchObject(
        format === 'csv' ? { created: 5, unchanged: 0 } : { created: 0, unchanged: 1 },
      );
    }
  });

  const file = csv([
    HEADER,
    'A1;15.555.555-6;Cliente Importado;Ana Pasajera;15/03/2027;Individual;Vuelo;Nacional;;100;Aéreo Nuevo;LATAM Import;Operador Nuevo;Tramo 1;1.250,75;1.000;11.111.111-1',
    'A1;;;;;;;;;;Hotel Nuevo;Hotel Sur;Operador Nuevo;Noche;300.25;200;"11.111.111-1; F9000"',
    'B2;;Cliente Pesos;Beto Pasajero;2027-04-01;Grupal;paquete;international;CLP;50.000;Hotel Nuevo;Hotel Sur;Operador Nuevo;;120.000;90.000;P-200',
  ]);

  it('creates the sales through the sales service, with their payment, and nothing the second time', async () => {
    const before = {
      sales: await countOf(sales),
      payments: await countOf(payments),
      clients: await countOf(clients),
    };
    const dry = await send('sales', file, CSV, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    // 2 sales + 2 clients + 2 classifications + 2 suppliers + 1 operator.
    expect(dry.json()).toMatchObject({ rows: 3, created: 9, updated: 0, unchanged: 0 });
    expect(await countOf(sales)).toBe(before.sales);

    const res = await send('sales', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, created: 9, unchanged: 0 });
    expect(await countOf(sales)).toBe(before.sales + 2);
    expect(await countOf(payments)).toBe(before.payments + 2);
    expect(await countOf(clients)).toBe(before.clients + 2);
    const supplierNames = (await ctx.db.select().from(suppliers)).map((s) => s.name);
    expect(supplierNames).toEqual(expect.arrayContaining(['LATAM Import', 'Hotel Sur']));
    expect((await ctx.db.select().from(operators)).filter((o) => o.name === 'Operador Nuevo')).toHaveLength(
      1,
    );

    const saved = (await ctx.db.select().from(sales)).slice(-2);
    const usd = (await get(`/api/sales/${saved[0]?.id}`)).json();
    expect(usd).toMatchObject({
      currency: 'USD',
      salePrice: 1551,
      totalCost: 1200,
      totalPaid: 100,
      balance: 1451,
    });
    expect(usd.items).toHaveLength(2);
    expect(usd.items[1].passengers).toHaveLength(2);
    const clp = (await get(`/api/sales/${saved[1]?.id}`)).json();
    expect(clp).toMatchObject({ currency: 'CLP', salePrice: 120000, totalPaid: 50000, balance: 70000 });
    expect(clp).toMatchObject({ saleType: 'group', serviceType: 'package', region: 'international' });
    const paid = (await ctx.db.select().from(payments)).filter((p) => p.saleId === saved[1]?.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'confirmed', currency: 'CLP', amount: '50000.00' });

    const again = await send('sales', file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await countOf(sales)).toBe(before.sales + 2);
    expect(await countOf(payments)).toBe(before.payments + 2);
  });

  it('answers 422 naming each bad row, and writes nothing', async () => {
    const before = { sales: await countOf(sales), clients: await countOf(clients) };
    const bad = csv([
      HEADER,
      'C1;;Cliente Nuevo Malo;X;01/05/2027;Individual;Vuelo;Nacional;;;Aéreo;Prov Malo;Op Malo;;100;50;99.999.999-9',
      'C2;;Cliente Nuevo Malo;X;31/02/2027;Individual;Vuelo;Nacional;;;Aéreo;Prov Malo;Op Malo;;100;50;11.111.111-1',
      'C3;;Cliente Nuevo Malo;X;01/05/2027;Individual;Vuelo;Nacional;;500;Aéreo;Prov Malo;Op Malo;;100;50;11.111.111-1',
      'C4;;Cliente Nuevo Malo;X;01/05/2027;Individual;Vuelo;Nacional;XYZ;;Aéreo;Prov Malo;Op Malo;;100;50;11.111.111-1',
      'C3;;Otro Cliente;;;;;;;;Aéreo;Prov Malo;Op Malo;;10;5;11.111.111-1',
    ]);
    for (const query of ['dryRun=true', 'dryRun=false']) {
      const res = await send('sales', bad, CSV, query);
      expect(res.statusCode, res.body).toBe(422);
      const { errors, message } = res.json();
      expect(message).toMatch(/no se importó nada/);
      // The file's own errors are all listed first; the rest need the database.
      expect(errors).toEqual([
        { row: 3, column: 'Fecha de viaje', message: expect.stringMatching(/dd\/mm\/aaaa/) },
        { row: 4, column: 'Pagado', message: 'Lo pagado supera el total de la venta' },
        { row: 6, column: 'Cliente', message: expect.stringMatching(/Distinto de la fila 4/) },
      ]);
    }
    const rest = csv([
      HEADER,
      'C1;;Cliente Nuevo Malo;X;01/05/2027;Individual;Vuelo;Nacional;;;Aéreo;Prov Malo;Op Malo;;100;50;99.999.999-9',
      'C4;;Cliente Nuevo Malo;X;01/05/2027;Individual;Vuelo;Nacional;XYZ;;Aéreo;Prov Malo;Op Malo;;100;50;11.111.111-1',
    ]);
    const res = await send('sales', rest);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      {
        row: 2,
        column: 'Pasajeros',
        message: expect.stringMatching(/99\.999\.999-9: impórtelo antes en Pasajeros/),
      },
      {
        row: 3,
        column: 'Moneda',
        message: expect.stringMatching(/No hay una tasa de cambio activa para XYZ/),
      },
    ]);
    expect(await countOf(sales)).toBe(before.sales);
    expect(await countOf(clients)).toBe(before.clients);
    expect((await ctx.db.select().from(suppliers)).some((s) => s.name === 'Prov Malo')).toBe(false);
  });
});

describe('the passengers cell of a ;-separated CSV', () => {
  it('unquoted, it spills into cells past the titles: an error on the row, nothing written', async () => {
    const before = await countOf(sales);
    const res = await send(
      'sales',
      csv([
        HEADER,
        'Q1;;Cliente Comillas;Ana Pasajera;09/09/2027;Individual;Vuelo;Nacional;;;Aéreo;Prov Q;Op Q;;100;50;11.111.111-1; F9000',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ row: 2, column: 'Pasajeros', message: EXTRA_CELLS_MESSAGE }]);
    expect(await countOf(sales)).toBe(before);
  });
});

describe('the optional «Vendedor» column', () => {
  const header = `${HEADER};Vendedor`;
  /** A sale of its own per call (client, travel date and passenger differ), sold by `seller`. */
  const saleRow = (key: string, day: string, seller: string) =>
    `${key};;Cliente ${key};Pasajero ${key};${day}/07/2027;Individual;Vuelo;Nacional;;;Aéreo;Prov V;Op V;;100;50;11.111.111-1;${seller}`;
  const sellerOf = async (passengerName: string) =>
    (await ctx.db.select().from(sales)).find((s) => s.passengerName === passengerName)?.sellerId;

  let carolina = 0;
  let former = '';
  beforeAll(async () => {
    const create = async (username: string, email: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: asAdmin,
        payload: { username, email, role: 'sales', password: 'clave-segura-1' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().user.id as number;
    };
    carolina = await create('Carolina Muñoz', 'carolina@agencia.cl');
    former = 'Vendedor Antiguo';
    const formerId = await create(former, 'antiguo@agencia.cl');
    const off = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${formerId}`, headers: asAdmin });
    expect(off.statusCode, off.body).toBe(200);
  });

  it("an active user's name, accents and case ignored, makes the sale hers", async () => {
    const res = await send('sales', csv([header, saleRow('V1', '01', 'carolina munoz')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1, errors: [] });
    expect(await sellerOf('Pasajero V1')).toBe(carolina);
  });

  it('left empty, or without the column, the importing admin is the seller', async () => {
    expect((await send('sales', csv([header, saleRow('V2', '02', '')]))).statusCode).toBe(200);
    expect(await sellerOf('Pasajero V2')).toBe(ctx.users.admin.id);
    const withoutColumn = saleRow('V3', '03', '').replace(/;$/, '');
    expect((await send('sales', csv([HEADER, withoutColumn]))).statusCode).toBe(200);
    expect(await sellerOf('Pasajero V3')).toBe(ctx.users.admin.id);
  });

  it('an unknown or deactivated user is a 422 naming the row and the column, and nothing is written', async () => {
    const before = await countOf(sales);
    for (const query of ['dryRun=true', 'dryRun=false']) {
      const res = await send(
        'sales',
        csv([
          header,
          saleRow('V4', '04', ''),
          saleRow('V5', '05', 'Nadie Conocido'),
          saleRow('V6', '06', former),
        ]),
        CSV,
        query,
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([
        {
          row: 3,
          column: 'Vendedor',
          message: expect.stringMatching(/^No hay un usuario activo «Nadie Conocido»/),
        },
        {
          row: 4,
          column: 'Vendedor',
          message: expect.stringMatching(/^No hay un usuario activo «Vendedor Antiguo»/),
        },
      ]);
    }
    expect(await countOf(sales)).toBe(before);
  });

  it('creates a passenger named with its document and birth date in parentheses, once, and links every item that names it', async () => {
    const before = await countOf(passengers);
    const file = csv([
      HEADER,
      'P1;;Familia Ortúzar;Inés Ortúzar;10/08/2027;Individual;Paquete;Nacional;;;Alojamiento Sur;Hostal Ortúzar;Op Sur;Noche 1;100;80;"Inés Ortúzar (F7654321, 14/02/1991); 11.111.111-1"',
      'P1;;;;;;;;;;Alojamiento Sur;Hostal Ortúzar;Op Sur;Noche 2;100;80;F7654321',
      'P2;;Familia Ortúzar;Inés Ortúzar;12/08/2027;Individual;Paquete;Nacional;;;Alojamiento Sur;Hostal Ortúzar;Op Sur;Noche 3;100;80;Inés Ortúzar (F7654321, 14/02/1991)',
    ]);
    const dry = await send('sales', file, CSV, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(await countOf(passengers)).toBe(before);
    const res = await send('sales', file);
    expect(res.statusCode, res.body).toBe(200);
    // Two sales, the client, its three catalog entries and the one passenger, as the dry run said.
    expect(res.json()).toMatchObject({ created: 7, errors: [] });
    expect(dry.json().created).toBe(7);
    const created = (await ctx.db.select().from(passengers)).filter((p) => p.passengerId === 'F7654321');
    expect(created.map((p) => [p.name, p.dateOfBirth])).toEqual([['Inés Ortúzar', '1991-02-14']]);
    const items = (await ctx.db.execute(
      sql`select sp.passenger_id from sale_item_passengers sp join sale_items i on i.id = sp.sale_item_id
          join sales s on s.id = i.sale_id join clients c on c.id = s.client_id
          where c.name = 'Familia Ortúzar' and sp.passenger_id = ${created[0]?.id}`,
    )) as unknown as { rows: unknown[] };
    expect(items.rows).toHaveLength(3);
    // The same file again: nothing new, the passenger included.
    const again = await send('sales', file);
    expect(again.json()).toMatchObject({ created: 0, unchanged: 2 });
    expect(await countOf(passengers)).toBe(before + 1);
  });

  it('a passenger to create without a valid birth date, or unknown and unnamed, is an error on «Pasajeros», and nothing is written', async () => {
    const before = await countOf(passengers);
    const res = await send(
      'sales',
      csv([
        HEADER,
        'Q1;;Cliente Q;Q;10/08/2027;Individual;Paquete;Nacional;;;Hotel;Hotel Q;Op Q;;100;80;Rosa Q (F0000002)',
        'Q2;;Cliente Q;Q;11/08/2027;Individual;Paquete;Nacional;;;Hotel;Hotel Q;Op Q;;100;80;Rosa Q (F0000003, 31/02/1990)',
        'Q3;;Cliente Q;Q;12/08/2027;Individual;Paquete;Nacional;;;Hotel;Hotel Q;Op Q;;100;80;F0000001',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'Pasajeros'],
      [3, 'Pasajeros'],
      [4, 'Pasajeros'],
    ]);
    const [noBirth, badBirth, unknown] = res.json().errors.map((e: { message: string }) => e.message);
    expect(noBirth).toBe(
      'Para crear a Rosa Q escriba también su fecha de nacimiento: «Rosa Q (F0000002, 31/12/1990)»',
    );
    expect(badBirth).toMatch(/^Rosa Q \(F0000003\): /);
    expect(unknown).toMatch(/como «Tomás Díaz \(F0000001, 31\/12\/1990\)», para crearlo/);
    expect(await countOf(passengers)).toBe(before);
  });
});
