import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Suppliers, operators and classifications reply as the original client reads them
 * (docs/decisions/0044-catalog-shapes-cors-and-lost-connection.md): a bare array and a bare record; paging,
 * when asked for, in `X-Total-Count` and `Link`; without `page`/`limit` the whole list.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const headers = await ctx.auth('admin');
  // Seven operators, for pages of three: 3 + 3 + 1.
  for (const n of [1, 2, 3, 4, 5, 6, 7]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/operators',
      headers,
      payload: { name: `Operador Paginado ${n}` },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const get = async (url: string) => ctx.app.inject({ method: 'GET', url, headers: await ctx.auth('sales') });

/** `Link`'s relations and their targets: `{ next: '/api/operators?q=...&page=2&limit=3' }`. */
function links(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(', ')
      .map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part))
      .map((match) => [match?.[2], match?.[1]]),
  );
}

describe.each(['suppliers', 'operators', 'classifications'])('GET /api/%s', (kind) => {
  it('is a bare array of { id, name } with the total in X-Total-Count', async () => {
    const res = await get(`/api/${kind}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    for (const row of body) expect(row).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(res.headers['x-total-count']).toBe(String(body.length));
  });
});

describe('paging in headers', () => {
  const search = 'q=Operador+Paginado';

  it('without page or limit sends the whole list', async () => {
    const res = await get(`/api/operators?${search}`);
    expect(res.json().map((row: { name: string }) => row.name)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `Operador Paginado ${n}`),
    );
    expect(res.headers['x-total-count']).toBe('7');
  });

  it('with page and limit sends that page, the total and first, prev, next and last links', async () => {
    const res = await get(`/api/operators?${search}&page=2&limit=3`);
    expect(res.json().map((row: { name: string }) => row.name)).toEqual([
      'Operador Paginado 4',
      'Operador Paginado 5',
      'Operador Paginado 6',
    ]);
    expect(res.headers['x-total-count']).toBe('7');
    expect(links(res.headers.link)).toEqual({
      first: `/api/operators?${search}&page=1&limit=3`,
      prev: `/api/operators?${search}&page=1&limit=3`,
      next: `/api/operators?${search}&page=3&limit=3`,
      last: `/api/operators?${search}&page=3&limit=3`,
    });
  });

  it('the first and the last page have no prev and no next; following next walks every row once', async () => {
    const first = await get(`/api/operators?${search}&limit=3`);
    expect(Object.keys(links(first.headers.link))).toEqual(['first', 'next', 'last']);
    const seen: string[] = [];
    let url: string | undefined = `/api/operators?${search}&limit=3`;
    while (url) {
      const page = await get(url);
      seen.push(...page.json().map((row: { name: string }) => row.name));
      url = links(page.headers.link).next;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const last = await get(`/api/operators?${search}&page=3&limit=3`);
    expect(Object.keys(links(last.headers.link))).toEqual(['first', 'prev', 'last']);
  });

  it('a page past the end is an empty array that still links back', async () => {
    const res = await get(`/api/operators?${search}&page=9&limit=3`);
    expect(res.json()).toEqual([]);
    expect(links(res.headers.link).prev).toBe(`/api/operators?${search}&page=3&limit=3`);
  });

  it('refuses a bad page or limit with a Spanish 400', async () => {
    for (const query of ['page=0', 'limit=101', 'limit=abc']) {
      const res = await get(`/api/operators?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('GET by id', () => {
  it('is the bare record, and 404 with the Spanish message when it does not exist', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: await ctx.auth('admin'),
      payload: { name: 'Proveedor Registro' },
    });
    const first = created.json().supplier;
    const res = await get(`/api/suppliers/${first.id}`);
    expect(res.json()).toEqual({ id: first.id, name: first.name });
    const missing = await get('/api/suppliers/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Proveedor no encontrado' });
  });
});

describe('clients and passengers keep their envelope', () => {
  it('{ data, pagination } and { data }', async () => {
    const res = await get('/api/clients');
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'pagination']);
    expect(res.headers['x-total-count']).toBeUndefined();
  });
});
