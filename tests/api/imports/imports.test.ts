import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_KINDS, type ImportKind } from '../../../src/domain/imports';
import {
  auditLog,
  classifications,
  clients,
  operators,
  passengers,
  suppliers,
} from '../../../src/server/db/schema';
import { importCalls } from '../../helpers/imports';
import { CSV, csv, PASSENGER_TITLES, XLSX, xlsxOf } from '../../helpers/spreadsheets';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  asAdmin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

const { send, get, countOf } = importCalls(
  () => ctx,
  () => asAdmin,
);

describe('templates', () => {
  it.each(IMPORT_KINDS)('the %s template, in both formats, imports back', async (kind: ImportKind) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await get(`/api/imports/${kind}/template?format=${format}`);
      expect(template.statusCode, template.body).toBe(200);
      expect(template.headers['content-disposition']).toContain(`.${format}`);
      const file = template.rawPayload;
      if (format === 'csv') {
        expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
        expect(file.toString('utf8')).toContain(kind === 'sales' ? 'Venta' : 'Nombre');
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file as unknown as ArrayBuffer);
        expect(workbook.worksheets.map((s) => s.name)).toContain('Instrucciones');
      }
      const res = await send(kind, file, format === 'csv' ? CSV : XLSX);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ kind, rows: 1, errors: [] });
      // The csv template is imported first; the same row in the xlsx one changes nothing.
      expect(format === 'csv' ? body.created : body.unchanged).toBe(1);
    }
  });

  it('refuses an unknown kind or format', async () => {
    expect((await get('/api/imports/ventas/template?format=csv')).statusCode).toBe(400);
    expect((await get('/api/imports/clients/template?format=pdf')).statusCode).toBe(400);
  });
});

describe('importing clients', () => {
  const file = csv([
    'Nombre;ID/RUT;Email;Teléfono;Comuna',
    'Ana Muñoz ;13131313-6;ANA@EJEMPLO.CL;+56 9 1111 2222;Ñuñoa',
    'Bernardo Díaz;9.876.543-3;;;',
    'Camila Rojas;;camila@ejemplo.cl;;Providencia',
  ]);

  it('creates once, stores RUTs in one form, and the same file again creates nothing', async () => {
    const before = await countOf(clients);
    const audit = (await ctx.db.select().from(auditLog)).length;
    const dry = await send('clients', file, CSV, 'dryRun=true');
    expect(dry.json()).toMatchObject({ rows: 3, created: 3, updated: 0, unchanged: 0 });
    expect(await countOf(clients)).toBe(before);

    const first = await send('clients', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'clients', rows: 3, created: 3, updated: 0, unchanged: 0 });
    expect(await countOf(clients)).toBe(before + 3);
    const saved = await ctx.db.select().from(clients);
    const ana = saved.find((c) => c.name === 'Ana Muñoz');
    expect(ana).toMatchObject({ clientId: '13.131.313-6', email: 'ana@ejemplo.cl', commune: 'Ñuñoa' });
    expect(saved.find((c) => c.name === 'Bernardo Díaz')?.clientId).toBe('9.876.543-3');

    const entries = await ctx.db.select().from(auditLog);
    expect(entries.length).toBe(audit + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'import', entity: 'client' });
    expect(entries.at(-1)?.changes).toContainEqual({ field: 'created', from: null, to: '3' });

    const second = await send('clients', file);
    expect(second.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await countOf(clients)).toBe(before + 3);
  });

  it('updates the client of the same RUT written another way, never duplicating it', async () => {
    const before = await countOf(clients);
    const res = await send('clients', csv(['Nombre,RUT,Giro', 'Ana Muñoz Pérez,13.131.313-6,Turismo']));
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(await countOf(clients)).toBe(before);
    const [ana] = (await ctx.db.select().from(clients)).filter((c) => c.clientId === '13.131.313-6');
    // Cells left out keep what was saved.
    expect(ana).toMatchObject({ name: 'Ana Muñoz Pérez', businessActivity: 'Turismo', commune: 'Ñuñoa' });
  });

  it('answers 422 naming every bad row, and writes nothing', async () => {
    const before = await countOf(clients);
    const res = await send(
      'clients',
      csv([
        'Nombre;ID/RUT;Email',
        'Bien Escrito;15.555.555-6;bien@ejemplo.cl',
        ';11.111.111-1;',
        'RUT Malo;12.345.678-9;',
        'Correo Malo;;no-es-correo',
        'Repetido;15555555-6;',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.message).toMatch(/no se importó nada/);
    expect(body.errors).toEqual([
      { row: 3, column: 'Nombre', message: '«Nombre» es obligatorio' },
      { row: 4, column: 'ID/RUT', message: 'RUT inválido: revise el dígito verificador (ej. 12.345.678-5)' },
      { row: 5, column: 'Email', message: expect.stringMatching(/Email inválido/) },
      { row: 6, column: 'ID/RUT', message: 'Repetido: la fila 2 ya tiene este ID/RUT' },
    ]);
    expect(await countOf(clients)).toBe(before);
  });

  it('refuses a file without the required column, an empty body and a JSON body', async () => {
    const res = await send('clients', csv(['Correo', 'a@b.cl']));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ row: 1, column: 'Nombre' });
    expect((await send('clients', '')).statusCode).toBe(400);
    expect((await send('clients', '{}', 'application/json')).statusCode).toBe(415);
  });

  it('keeps its file types to itself: another route still takes JSON only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...asAdmin, 'content-type': CSV },
      payload: csv(['Nombre', 'X']),
    });
    expect(res.statusCode).toBe(415);
  });

  it('takes dryRun only as true or false, and no other parameter', async () => {
    const ok = csv(['Nombre', 'Alguien']);
    expect((await send('clients', ok, CSV, 'dryRun=si')).statusCode).toBe(400);
    expect((await send('clients', ok, CSV, 'dryRun=1')).statusCode).toBe(400);
    expect((await send('clients', ok, CSV, 'dryRun=true&otro=1')).statusCode).toBe(400);
  });

  it('refuses more than 20,000 rows with a 400 in Spanish', async () => {
    const lines = ['Nombre', ...Array.from({ length: 20_001 }, (_, i) => `Cliente ${i}`)];
    const res = await send('clients', csv(lines));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/más de 20\.000 filas/);
  });

  it('is for admins only', async () => {
    for (const who of ['sales', 'finance'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports/clients?dryRun=true',
        headers: { ...(await ctx.auth(who)), 'content-type': CSV },
        payload: csv(['Nombre', 'X']),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('importing passengers and catalogs', () => {
  it('reads an xlsx built with real date cells, country names and document labels', async () => {
    const file = await xlsxOf([
      PASSENGER_TITLES,
      [
        'Íñigo Sáez',
        '16.666.666-K',
        new Date(Date.UTC(1980, 4, 17)),
        'Chile',
        'Pasaporte',
        'F123',
        '30/06/2031',
      ],
      ['Lucía Peña', 'AB12345', '1992-02-29', 'AR', 'DNI', '30111222', null],
    ]);
    const res = await send('passengers', file, XLSX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
    const saved = await ctx.db.select().from(passengers);
    expect(saved.find((p) => p.passengerId === '16.666.666-K')).toMatchObject({
      dateOfBirth: '1980-05-17',
      nationality: 'CL',
      documentType: 'passport',
      documentExpiry: '2031-06-30',
    });
    expect(saved.find((p) => p.passengerId === 'AB12345')?.dateOfBirth).toBe('1992-02-29');
    expect((await send('passengers', file, XLSX)).json()).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('a bad date is named by row and column', async () => {
    const res = await send('passengers', csv(['Nombre;ID;Fecha de nacimiento', 'X;P-1;31/02/1990']));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'Fecha de nacimiento', message: expect.stringMatching(/dd\/mm\/aaaa/) },
    ]);
  });

  it('matches a supplier by name ignoring accents and case', async () => {
    const first = await send('suppliers', csv(['Nombre', 'Turismo Ñandú', 'LATAM']));
    expect(first.json()).toMatchObject({ created: 2 });
    const before = await countOf(suppliers);
    const again = await send('suppliers', csv(['Nombre', 'turismo ñandu', 'latam ']));
    expect(again.json()).toMatchObject({ created: 0, unchanged: 2 });
    expect(await countOf(suppliers)).toBe(before);
  });
});

describe('exports are import files', () => {
  it.each([
    ['clients', clients],
    ['passengers', passengers],
    ['suppliers', suppliers],
    ['operators', operators],
    ['classifications', classifications],
  ] as const)('the %s export imports into an empty table with the same records', async (kind, table) => {
    await send(
      kind,
      csv(
        kind === 'passengers'
          ? ['Nombre;ID;Fecha de nacimiento', 'Extra;EX-1;01/01/2000']
          : ['Nombre', 'Extra Exportado'],
      ),
    );
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await get(`/api/${kind}/export?format=${format}`);
      expect(exported.statusCode).toBe(200);
      const strip = (rows: Record<string, unknown>[]) =>
        rows
          .map(({ id: _id, createdAt: _c, updatedAt: _u, searchText: _s, ...rest }) => rest)
          .sort((a, b) => String(a.name).localeCompare(String(b.name)));
      const before = strip((await ctx.db.select().from(table)) as Record<string, unknown>[]);
      await ctx.db.execute(`truncate ${kind} restart identity cascade` as never);
      const res = await send(kind, exported.rawPayload, format === 'csv' ? CSV : XLSX);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ created: before.length, updated: 0 });
      expect(strip((await ctx.db.select().from(table)) as Record<string, unknown>[])).toEqual(before);
    }
  });
});
