import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The original front end's catalog journeys (docs/product.md#master-data-api: "each has GET list, GET by
 * {id}, POST {name}, PUT {id} {name}, DELETE {id}, and GET search?q=term"), replayed as its HTTP helpers send
 * them: JSON content type on every call, a bearer token, and the response body handed to the screen.
 * Each step reads exactly what that screen reads: the list and the pickers map a bare array of
 * `{ id, name }`, the edit form reads `name` from the bare record, search reads `<kind>`.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

type Row = { id: number; name: string };

/**
 * The original client's generic helper: the parsed body, or the error it raises ('HTTP {status}: ...'
 * fallback).
 */
async function client<T = Row[]>(method: string, url: string, body?: object): Promise<T> {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
  const data = res.body ? JSON.parse(res.body) : undefined;
  if (res.statusCode >= 400) throw new Error(data?.message ?? `HTTP ${res.statusCode}`);
  return data;
}

/** What a list screen or a picker shows: the names of the array it got. */
const names = (list: Row[]): string[] => list.map((row) => row.name);

describe.each([
  ['suppliers', 'Proveedor'],
  ['operators', 'Operador'],
  ['classifications', 'Clasificación'],
])('the original client on /api/%s', (kind, label) => {
  it('lists, creates, opens for edit, updates, searches and deletes', async () => {
    const before = await client('GET', `/api/${kind}`);
    expect(Array.isArray(before)).toBe(true);

    // New form: POST {name}, then back to the list, which now shows it.
    await client('POST', `/api/${kind}`, { name: `${label} Original` });
    const list = await client('GET', `/api/${kind}`);
    expect(names(list)).toContain(`${label} Original`);
    const row = list.find((r) => r.name === `${label} Original`);
    expect(typeof row?.id).toBe('number');
    if (!row) return;

    // The item dialog's picker: page 1 with limit 100, an array of options { id, name }.
    const options = await client('GET', `/api/${kind}?page=1&limit=100`);
    expect(options.map((o) => [o.id, o.name])).toContainEqual([row.id, `${label} Original`]);

    // Edit form: GET by id fills the name field; PUT {id} {name}; the list shows the new name.
    const record = await client<Row>('GET', `/api/${kind}/${row.id}`);
    expect(record.name).toBe(`${label} Original`);
    await client('PUT', `/api/${kind}/${row.id}`, { name: `${label} Editado` });
    expect(names(await client('GET', `/api/${kind}`))).toContain(`${label} Editado`);

    // The list's search box: GET search?q=term.
    const found = await client<Record<string, Row[]>>(
      'GET',
      `/api/${kind}/search?q=${encodeURIComponent('editado')}`,
    );
    expect(names(found[kind] ?? [])).toEqual([`${label} Editado`]);

    // Delete from the list's confirmation dialog; the list no longer has it, the edit form says so.
    await client('DELETE', `/api/${kind}/${row.id}`);
    expect(names(await client('GET', `/api/${kind}`))).not.toContain(`${label} Editado`);
    await expect(client('GET', `/api/${kind}/${row.id}`)).rejects.toThrow(/no encontrad/);
  });
});
