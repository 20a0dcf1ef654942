import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../src/domain/api';
import { createSaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Every API route declares what it answers: a 2xx reply and the errors its endpoint (src/domain/api) lists. The OpenAPI
 * document is generated from those declarations, so a route that declares none shows up here.
 */

/** The errors the endpoint of an OpenAPI path (`/api/sales/{id}`) declares in src/domain/api. */
function declaredErrors(method: string, path: string): string[] {
  const declared = allEndpoints().find(
    (e) => e.method === method.toUpperCase() && e.path === path.replace(/\{(\w+)\}/g, ':$1'),
  );
  return declared ? declared.errors.map(String) : ['no endpoint declared'];
}
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A new confirmed sale, created by the admin through the API. */
async function createSale(tag: string) {
  const refs = await createSaleRefs(ctx, tag);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: await ctx.auth('admin'),
    payload: saleBody(refs, ctx.users.admin.id),
  });
  expect(created.statusCode).toBe(201);
  return created.json().sale;
}

describe('reply schemas', () => {
  it('every route documents a 2xx reply with a schema, and the error replies it declares', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        checked++;
        const name = `${method.toUpperCase()} ${path}`;
        const responses = operation.responses ?? {};
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        if (!success.length) missing.push(`${name}: no 2xx reply`);
        for (const status of success) {
          const content = Object.values(responses[status]?.content ?? {});
          if (!content.length || content.some((c) => !c.schema))
            missing.push(`${name}: ${status} has no schema`);
        }
        for (const status of declaredErrors(method, path))
          if (!responses[status]?.content) missing.push(`${name}: no ${status} reply`);
      }
    }
    expect(missing).toEqual([]);
    // Every route is in the document: over a hundred today.
    expect(checked).toBeGreaterThanOrEqual(100);
  });

  it('the error handler answers through the declared error shape', async () => {
    const admin = await ctx.auth('admin');
    const invalid = await ctx.app.inject({ method: 'GET', url: '/api/sales/abc', headers: admin });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: expect.any(String),
      errors: [{ path: 'id', message: expect.any(String) }],
    });

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/sales/1' });
    expect(anonymous.statusCode).toBe(401);
    expect(Object.keys(anonymous.json())).toEqual(['message']);

    const forbidden = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sales/1',
      headers: await ctx.auth('finance'),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(Object.keys(forbidden.json())).toEqual(['message']);

    const absent = await ctx.app.inject({ method: 'GET', url: '/api/sales/999999', headers: admin });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: expect.any(String) });

    const sale = await createSale('RS');
    const conflict = await ctx.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/invoice`,
      headers: admin,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Solo se puede facturar una venta liquidada' });
  });

  it('a reply keeps every field the web reads: the sale detail as created', async () => {
    const sale = await createSale('RT');
    expect(Object.keys(sale).sort()).toEqual(
      [
        'id',
        'status',
        'passengerName',
        'clientId',
        'sellerId',
        'creationDate',
        'travelDate',
        'saleType',
        'serviceType',
        'region',
        'passengerCount',
        'currency',
        'salePrice',
        'totalCost',
        'exchangeRate',
        'salePriceUsd',
        'totalCostUsd',
        'version',
        'updatedAt',
        'client',
        'seller',
        'items',
        'totalPaid',
        'balance',
        'refundAmount',
        'plan',
        'planMismatch',
      ].sort(),
    );
    expect(typeof sale.salePrice).toBe('number');
    expect(sale.items[0].passengers[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: 'Pasajera Dos RT',
        passengerId: 'P2-RT',
        dateOfBirth: '1990-09-30',
      }),
    );
  });
});
