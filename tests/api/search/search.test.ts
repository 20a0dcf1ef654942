import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/domain/search';
import { createSession } from '../../../src/server/modules/auth';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext, type Who } from '../../helpers/test-app';

/**
 * GET /api/search: sales, clients, passengers and (admin only) suppliers for one text, grouped in that
 * order, at most five of each, accent- and case-insensitive, IDs without dots or dashes, and a seller
 * finds only their own sales.
 */
let ctx: TestContext;
let refs: SaleRefs;
let otherSeller: Record<string, string>;
const ids = {} as Record<'client' | 'passenger' | 'supplier' | 'ownSale' | 'otherSale', number>;

async function post(url: string, payload: object, headers?: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: headers ?? (await ctx.auth('admin')),
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function search(q: string, who: Who | Record<string, string> = 'admin') {
  const headers = typeof who === 'string' ? await ctx.auth(who) : who;
  return ctx.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
}

async function results(q: string, who: Who | Record<string, string> = 'admin'): Promise<SearchResult[]> {
  const res = await search(q, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

const found = (list: SearchResult[]) => list.map((r) => `${r.type}:${r.id}`);

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'bus');
  const seller = await insertUser(ctx.db, 'sales', 'otro');
  otherSeller = { authorization: `Bearer ${await createSession(ctx.db, seller.id)}` };

  ids.client = (await post('/api/clients', { name: 'José Núñez Ríos', clientId: '12.345.678-5' })).client.id;
  ids.passenger = (
    await post('/api/passengers', {
      name: 'Inés Ñandú',
      passengerId: 'AB-123.456',
      dateOfBirth: '1980-01-01',
    })
  ).passenger.id;
  ids.supplier = (await post('/api/suppliers', { name: 'Turismo Ñandú' })).supplier.id;
  const sale = (passengerName: string, sellerId: number) =>
    saleBody(refs, sellerId, { saleData: { passengerName, clientId: ids.client } });
  ids.ownSale = (await post('/api/sales', sale('Familia Núñez', ctx.users.sales.id))).sale.id;
  ids.otherSale = (await post('/api/sales', sale('Grupo Núñez', seller.id))).sale.id;
  for (let n = 1; n <= 7; n++) await post('/api/clients', { name: `Cliente Límite ${n}` });
});
afterAll(() => ctx.close());

describe('GET /api/search', () => {
  it('finds sales, clients and passengers by name without accents or case, grouped in that order', async () => {
    const list = await results('NUNEZ');
    expect(found(list)).toEqual([`sale:${ids.otherSale}`, `sale:${ids.ownSale}`, `client:${ids.client}`]);
    expect(list[1]).toEqual({
      type: 'sale',
      id: ids.ownSale,
      label: `Venta #${ids.ownSale} · Familia Núñez`,
      detail: 'José Núñez Ríos · 10 feb 2031 · Confirmada',
      url: `/sales/${ids.ownSale}`,
    });
    expect(list[2]).toEqual({
      type: 'client',
      id: ids.client,
      label: 'José Núñez Ríos',
      detail: 'ID/RUT 12.345.678-5',
      url: `/clients/${ids.client}/edit`,
    });
    const pax = await results('ines ñandu');
    expect(pax).toEqual([
      {
        type: 'passenger',
        id: ids.passenger,
        label: 'Inés Ñandú',
        detail: 'ID AB-123.456',
        url: `/passengers/${ids.passenger}/edit`,
      },
    ]);
  });

  it('finds a client and its sales by ID/RUT with or without dots and dashes, and a passenger by ID', async () => {
    // The sales search reads the client's RUT too (sales.search_text), so the client's sales come first.
    for (const q of ['12345678-5', '12.345.678', '123456785', ' 12-345-678 ']) {
      expect(found(await results(q)), q).toEqual([
        `sale:${ids.otherSale}`,
        `sale:${ids.ownSale}`,
        `client:${ids.client}`,
      ]);
    }
    expect(found(await results('ab123456'))).toEqual([`passenger:${ids.passenger}`]);
  });

  it('gives a seller only their own sales, and the others every sale', async () => {
    expect(found(await results('núñez', 'sales'))).toEqual([`sale:${ids.ownSale}`, `client:${ids.client}`]);
    expect(found(await results('núñez', otherSeller))).toEqual([
      `sale:${ids.otherSale}`,
      `client:${ids.client}`,
    ]);
    expect(found(await results('grupo', 'sales'))).toEqual([]);
    expect(found(await results('grupo', 'finance'))).toEqual([`sale:${ids.otherSale}`]);
  });

  it('lists suppliers for admins only', async () => {
    expect(found(await results('ñandu'))).toEqual([`passenger:${ids.passenger}`, `supplier:${ids.supplier}`]);
    expect((await results('ñandu')).at(-1)?.url).toBe(`/suppliers/${ids.supplier}/edit`);
    for (const who of ['sales', 'finance'] as const) {
      expect(found(await results('ñandu', who))).toEqual([`passenger:${ids.passenger}`]);
    }
  });

  it('lists at most five records of a kind, alphabetically', async () => {
    const list = await results('cliente límite');
    expect(list.map((r) => r.label)).toEqual([1, 2, 3, 4, 5].map((n) => `Cliente Límite ${n}`));
  });

  it('takes a LIKE wildcard as a plain character', async () => {
    expect(await results('%%')).toEqual([]);
    expect(await results('__')).toEqual([]);
  });

  it('answers bad input with 400 and a Spanish message', async () => {
    const cases: [string, string][] = [
      ['/api/search', 'Escribe qué buscar'],
      ['/api/search?q=a', 'La búsqueda debe tener al menos 2 caracteres'],
      ['/api/search?q=%20a%20', 'La búsqueda debe tener al menos 2 caracteres'],
      [`/api/search?q=${'a'.repeat(101)}`, 'La búsqueda no puede superar 100 caracteres'],
      ['/api/search?q=ab&q=cd', 'Escribe qué buscar'],
      ['/api/search?q=ab%00', 'El texto contiene caracteres de control no permitidos'],
    ];
    const headers = await ctx.auth('admin');
    for (const [url, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(message);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/search?q=ab&page=1', headers });
    expect(unknown.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await search('nunez', 'anonymous')).statusCode).toBe(401);
  });
});
