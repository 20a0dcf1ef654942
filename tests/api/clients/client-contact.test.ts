import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../helpers/exports';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/** What an agency keeps of a client besides the original fields: phone, comuna and giro (docs/product.md, clients). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth('sales'), ...(payload ? { payload } : {}) });

describe('a client phone, comuna and giro', () => {
  it('are saved, shown, edited, cleared and exported', async () => {
    const created = await call('POST', '/api/clients', {
      name: 'Comercial Los Andes',
      phone: ' +56 9 8765 4321 ',
      commune: 'Providencia',
      businessActivity: 'Venta de artículos de montaña',
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json().client;
    expect(client).toMatchObject({
      phone: '+56 9 8765 4321',
      commune: 'Providencia',
      businessActivity: 'Venta de artículos de montaña',
    });

    // The form sends every field, as it does the address.
    const edited = await call('PUT', `/api/clients/${client.id}`, {
      name: client.name,
      commune: 'Ñuñoa',
      phone: '',
      businessActivity: client.businessActivity,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await call('GET', `/api/clients/${client.id}`)).json().data;
    expect(read.commune).toBe('Ñuñoa');
    // Blank clears it.
    expect(read.phone).toBeUndefined();
    expect(read.businessActivity).toBe('Venta de artículos de montaña');

    const file = await call('GET', '/api/clients/export?format=csv&q=Comercial Los Andes');
    expect(file.statusCode).toBe(200);
    const sheet = readCsv(file.rawPayload);
    const column = (name: string) => sheet.header.indexOf(name);
    expect(column('Teléfono')).toBeGreaterThan(-1);
    const row = sheet.rows.find((r) => r[column('Nombre')] === 'Comercial Los Andes');
    expect(row?.[column('Comuna')]).toBe('Ñuñoa');
    expect(row?.[column('Giro')]).toBe('Venta de artículos de montaña');
    expect(row?.[column('Teléfono')]).toBe('');
  });

  it('refuses a phone without digits and a giro on two lines, saving nothing', async () => {
    const phone = await call('POST', '/api/clients', {
      name: 'Cliente Teléfono Malo',
      phone: 'llamar al jefe',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toContainEqual({
      path: 'phone',
      message: 'Escriba el teléfono con dígitos, por ejemplo +56 9 1234 5678',
    });
    const giro = await call('POST', '/api/clients', {
      name: 'Cliente Giro Malo',
      businessActivity: 'uno\ndos',
    });
    expect(giro.statusCode).toBe(400);
    const list = (await call('GET', '/api/clients?q=Malo')).json();
    expect(list.data).toEqual([]);
  });
});
