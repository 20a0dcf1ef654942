import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../helpers/exports';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Spanish order (docs/decisions/0041-agency-day-spanish-order-and-sanity-warnings.md): "Álvaro" sorts with
 * the A's and "Íñigo" with the I's, not after Z, in every list, picker and export ordered by a name, on
 * PGlite and PostgreSQL alike.
 */
const FIRST_NAMES = ['Zoe', 'Álvaro', 'Íñigo', 'Beatriz', 'Ignacio'];
const SPANISH_ORDER = ['Álvaro', 'Beatriz', 'Ignacio', 'Íñigo', 'Zoe'];
const TAG = 'Ordenado';
const named = (first: string) => `${first} ${TAG}`;
const expected = SPANISH_ORDER.map(named);

let ctx: TestContext;
let admin: Record<string, string>;
let refs: SaleRefs;
const clientIds = new Map<string, number>();
const passengerIds = new Map<string, number>();

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const post = async (url: string, payload: object) => {
  const res = await ctx.app.inject({ method: 'POST', url, headers: admin, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json();
};
/** The catalog lists answer a bare array (the original client) or `{ data }`; either way, the rows. */
const rowsOf = (body: unknown): { name: string }[] =>
  Array.isArray(body) ? body : (body as { data: { name: string }[] }).data;
const ours = (names: string[]) => names.filter((name) => name.endsWith(TAG));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  refs = await createSaleRefs(ctx, 'orden');
  for (const [i, first] of FIRST_NAMES.entries()) {
    const { client } = await post('/api/clients', { name: named(first) });
    clientIds.set(first, client.id);
    const { passenger } = await post('/api/passengers', {
      name: named(first),
      passengerId: `ORD-${i}`,
      dateOfBirth: '1980-01-01',
    });
    passengerIds.set(first, passenger.id);
    for (const kind of ['suppliers', 'operators', 'classifications']) {
      await post(`/api/${kind}`, { name: named(first) });
    }
  }
});
afterAll(() => ctx.close());

describe('names in Spanish order', () => {
  it('clients and passengers: lists, pickers and exports', async () => {
    for (const kind of ['clients', 'passengers']) {
      const list = (await get(`/api/${kind}?q=${TAG}`)).json().data;
      expect(list.map((r: { name: string }) => r.name)).toEqual(expected);
      const picker = (await get(`/api/${kind}/search?q=${TAG}`)).json()[kind];
      expect(picker.map((r: { name: string }) => r.name)).toEqual(expected);
      const csv = readCsv((await get(`/api/${kind}/export?format=csv&q=${TAG}`)).rawPayload);
      expect(csv.rows.map((r) => r[0])).toEqual(expected);
    }
  });

  it('suppliers, operators and classifications: lists and pickers', async () => {
    for (const kind of ['suppliers', 'operators', 'classifications']) {
      const list = rowsOf((await get(`/api/${kind}?limit=100`)).json());
      expect(ours(list.map((r) => r.name))).toEqual(expected);
      const picker = (await get(`/api/${kind}/search?q=${TAG}`)).json()[kind];
      expect(picker.map((r: { name: string }) => r.name)).toEqual(expected);
    }
  });

  it('the global search box lists people alphabetically', async () => {
    const results = (await get(`/api/search?q=${TAG}`)).json();
    const clients = results.results.filter((r: { type: string }) => r.type === 'client');
    expect(clients.map((r: { label: string }) => r.label)).toEqual(expected);
  });

  it('sales ordered by client, and users regardless of case', async () => {
    for (const first of FIRST_NAMES) {
      const saleData = { clientId: clientIds.get(first), passengerName: named(first) };
      await post('/api/sales', saleBody(refs, ctx.users.sales.id, { saleData }));
    }
    const sales = (await get(`/api/sales?sort=client&q=${TAG}&limit=100`)).json().sales;
    expect(sales.map((s: { client: { name: string } }) => s.client.name)).toEqual(expected);

    for (const username of ['zoe.orden', 'Alvaro.orden', 'beatriz.orden']) {
      await post('/api/users', {
        username,
        email: `${username.toLowerCase()}@test.cl`,
        password: 'secreto123',
        role: 'sales',
      });
    }
    const users = (await get('/api/users?q=orden&limit=100')).json().users;
    expect(users.map((u: { username: string }) => u.username)).toEqual([
      'Alvaro.orden',
      'beatriz.orden',
      'zoe.orden',
    ]);
  });

  it("a sale's detail lists each service's passengers in Spanish order, whatever order they were sent in", async () => {
    const [item] = saleBody(refs, ctx.users.sales.id).items as object[];
    const body = saleBody(refs, ctx.users.sales.id, {
      saleData: { passengerCount: FIRST_NAMES.length },
      items: [{ ...item, passengers: FIRST_NAMES.map((first) => passengerIds.get(first)) }],
    });
    const { sale } = await post('/api/sales', body);
    const detail = (await get(`/api/sales/${sale.id}`)).json();
    const names = detail.items[0].passengers.map((p: { name: string }) => p.name);
    expect(names).toEqual(expected);
  });
});
