import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../src/domain/api';
import type { EndpointShape } from '../../../src/domain/api/endpoint';
import { clientsApi } from '../../../src/domain/api/master-data';
import { paymentsApi } from '../../../src/domain/api/payments';
import { unknownParameterMessage } from '../../../src/server/plugins/input';
import { exampleCall, type RouteExamples, routeExamples, routeName } from '../../helpers/route-examples';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/decisions/0042-server-refuses-wrong-input.md: a query parameter a route does not declare is a 400
 * naming it, on every route. Today `/api/payments?saleid=5` (for saleId) silently returned every payment.
 */
let ctx: TestContext;
let examples: RouteExamples;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  examples = await routeExamples(ctx);
  for (const role of ['admin', 'sales', 'finance'] as const) headers[role] = await ctx.auth(role);
});
afterAll(() => ctx.close());

const example = (endpoint: EndpointShape) => exampleCall(examples, endpoint);

describe('unknown query parameters', () => {
  it('refuses a misspelt filter instead of returning the unfiltered list', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments?saleid=5',
      headers: headers.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Parámetro desconocido: saleid',
      errors: [{ path: 'saleid', message: 'Parámetro desconocido: saleid' }],
    });
  });

  // Each example builds its records first (the invoices' sign DTEs): close to 30 s alone on a loaded
  // two-core machine, past it beside other files.
  it('refuses an unknown parameter on every GET route, with or without other parameters', {
    timeout: 120_000,
  }, async () => {
    const endpoints = allEndpoints().filter((e) => e.method === 'GET');
    expect(endpoints.length).toBeGreaterThan(50);
    for (const endpoint of endpoints) {
      const key = routeName(endpoint);
      const { url, as } = await example(endpoint);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}filtroInventado=1`,
        headers: headers[as ?? 'admin'],
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json().message, key).toBe(unknownParameterMessage('filtroInventado'));
    }
  });

  it('still answers the same calls without the unknown parameter', async () => {
    const { url, as } = await example(paymentsApi.list);
    const res = await ctx.app.inject({ method: 'GET', url, headers: headers[as ?? 'admin'] });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unknown parameter on a write route too', async () => {
    const { url, body } = await example(clientsApi.create);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${url}?dryRun=1`,
      headers: headers.admin,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Parámetro desconocido: dryRun');
  });
});
