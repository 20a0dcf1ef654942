import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointShape } from '../../../src/domain/api/endpoint';
import { exampleCall, type RouteExamples, routeExamples, routeName } from '../../helpers/route-examples';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/product.md#validation: a date is exactly yyyy-mm-dd, a full ISO timestamp or dd/mm/yyyy, and a real
 * calendar day. Every date field of every write route and every date query parameter is found by walking
 * the route examples (tests/helpers/route-examples.ts): a value written yyyy-mm-dd is a date.
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

const BAD_DATES = ['2026-12-31 garbage', '2026-02-30', '31/12/2026x', '2026-12-31T25:00:00Z', '2026-12-31T'];
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Json = Record<string, unknown> | unknown[];
/** The paths (keys, then array indexes) of every string under `value` written yyyy-mm-dd. */
function datePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return IS_DATE.test(value) ? [path] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    datePaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}
/** A deep copy of `body` with the value at `path` replaced. */
function withValue(body: Json, path: (string | number)[], value: string): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

const writeRoutes = () => [...examples.keys()].filter((endpoint) => endpoint.method !== 'GET');

describe('date fields of write bodies', () => {
  it('finds the date fields to test', async () => {
    const found = [];
    for (const route of writeRoutes()) {
      const { body } = await example(route);
      for (const path of datePaths(body)) found.push(`${routeName(route)} ${path.join('.')}`);
    }
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/passengers dateOfBirth',
        'PUT /api/passengers/:id dateOfBirth',
        'POST /api/sales saleData.travelDate',
        'POST /api/sales items.0.dateIn',
        'POST /api/sales items.0.dateOut',
        'POST /api/sales items.0.paymentDate',
        'PUT /api/sales/:id saleData.travelDate',
        'POST /api/payments date',
        'PUT /api/payments/:id date',
        'POST /api/supplier-payments paymentDate',
        'PUT /api/supplier-payments/:id paymentDate',
      ]),
    );
  });

  it('refuses a date with trailing text, an impossible day or a malformed dd/mm/yyyy', async () => {
    for (const route of writeRoutes()) {
      const method = route.method;
      const call = await example(route);
      if (!call.body) continue;
      for (const path of datePaths(call.body)) {
        for (const bad of BAD_DATES) {
          const res = await ctx.app.inject({
            method,
            url: call.url,
            headers: headers[call.as ?? 'admin'],
            payload: withValue(call.body, path, bad),
          });
          expect(res.statusCode, `${routeName(route)} ${path.join('.')} = ${bad}: ${res.body}`).toBe(400);
          expect(res.json().message).toMatch(/fecha|válid/i);
        }
      }
    }
  });

  it('accepts the same day as an ISO timestamp and as dd/mm/yyyy, and stores the day', async () => {
    for (const route of writeRoutes()) {
      const method = route.method;
      const { body } = await example(route);
      for (const path of datePaths(body)) {
        for (const format of ['timestamp', 'dmy'] as const) {
          const call = await example(route);
          const iso = path.reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            call.body,
          ) as string;
          const [y, m, d] = iso.split('-');
          const written = format === 'timestamp' ? `${iso}T00:00:00.000Z` : `${d}/${m}/${y}`;
          const res = await ctx.app.inject({
            method,
            url: call.url,
            headers: headers[call.as ?? 'admin'],
            payload: withValue(call.body as Json, path, written),
          });
          expect(
            res.statusCode,
            `${routeName(route)} ${path.join('.')} = ${written}: ${res.body}`,
          ).toBeLessThan(300);
          expect(res.body).toContain(iso);
        }
      }
    }
  });
});

describe('date query parameters', () => {
  const EXTRA = [
    '/api/sales?createdFrom=2031-01-01',
    '/api/sales?createdTo=2031-01-01',
    '/api/sales?travelFrom=2031-01-01',
    '/api/sales?travelTo=2031-01-01',
    '/api/audit?from=2031-01-01',
    '/api/audit?to=2031-01-01',
  ];

  it('refuses a bad date in every date parameter of every list, report and export', async () => {
    const urls: { url: string; as: string }[] = EXTRA.map((url) => ({ url, as: 'admin' }));
    // Only a declared query can hold a date: calls without one (downloads, PDFs, XML) are skipped
    // rather than built, which is most of what their examples cost.
    for (const route of [...examples.keys()].filter((e) => e.method === 'GET' && e.query)) {
      const call = await example(route);
      urls.push({ url: call.url, as: call.as ?? 'admin' });
    }
    const tested = new Set<string>();
    for (const { url, as } of urls) {
      const parsed = new URL(url, 'http://x');
      for (const [name, value] of parsed.searchParams) {
        if (!IS_DATE.test(value)) continue;
        tested.add(`${parsed.pathname} ${name}`);
        for (const bad of BAD_DATES) {
          const query = new URLSearchParams(parsed.searchParams);
          query.set(name, bad);
          const res = await ctx.app.inject({
            method: 'GET',
            url: `${parsed.pathname}?${query}`,
            headers: headers[as],
          });
          expect(res.statusCode, `${parsed.pathname} ${name} = ${bad}: ${res.body}`).toBe(400);
        }
      }
    }
    expect([...tested]).toEqual(
      expect.arrayContaining([
        '/api/reports/receivables asOf',
        '/api/reports/payables asOf',
        '/api/reports/sales from',
        '/api/reports/sales to',
        '/api/sales/export travelFrom',
        '/api/audit/export from',
        '/api/audit to',
        '/api/sales createdFrom',
      ]),
    );
  });
});
