import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, saleBody } from '../helpers/sales';
import { createTestContext, type TestContext, type Who } from '../helpers/test-app';

/**
 * Property: whatever malformed, oversized or wrongly typed input reaches a route, from whichever role,
 * the answer is a 4xx with a message (never a 5xx) and the database does not change.
 */
let ctx: TestContext;
const headers: Partial<Record<Who, Record<string, string>>> = {};
const WHO: Who[] = ['anonymous', 'admin', 'sales', 'finance'];

/** Field names the API uses anywhere, so generated bodies hit real fields with wrong values. */
const FIELDS = [
  'name',
  'email',
  'password',
  'username',
  'role',
  'isActive',
  'clientId',
  'address',
  'passengerId',
  'dateOfBirth',
  'saleData',
  'items',
  'status',
  'version',
  'saleId',
  'date',
  'amount',
  'method',
  'reference',
  'supplierId',
  'currency',
  'paymentDate',
  'paymentMethod',
  'description',
  'relatedSales',
  'rate',
  'rates',
  'taxId',
  'phone',
  'reason',
  'currentPassword',
];

/** Always malformed: a non-object, or an object carrying a field no route accepts (bodies are strict). */
const malformedBody = fc.oneof(
  fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything())),
  fc
    .dictionary(fc.constantFrom(...FIELDS), fc.anything({ maxDepth: 2 }), { maxKeys: 6 })
    .map((body) => ({ ...body, __fuzz: true })),
);
const weirdId = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1.5', '99999999999', '%00', '1e3'),
  // Never a plain number: a real id would make a DELETE a valid call.
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !/^\s*\d+\s*$/.test(s))
    .map(encodeURIComponent),
);

/** A fingerprint of every table except sessions (reads refresh last_seen_at by design). */
async function fingerprint(): Promise<string> {
  const result = await ctx.db.execute(sql`
    select string_agg(table_name || ':' || n || ':' || h, ',' order by table_name) as fp from (
      select c.relname as table_name,
             (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text as n,
             (xpath('/row/h/text()', query_to_xml(format('select md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as h from %I t', '|', '', c.relname), false, true, '')))[1]::text as h
      from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = 'public' and c.relkind = 'r' and c.relname <> 'sessions'
    ) x`);
  return String((result as unknown as { rows: { fp: string }[] }).rows[0]?.fp);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const refs = await createSaleRefs(ctx, 'fuzz');
  const admin = await ctx.auth('admin');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: admin,
    payload: saleBody(refs, ctx.users.sales.id),
  });
  for (const who of WHO) headers[who] = await ctx.auth(who);
});
afterAll(() => ctx.close());

const fill = (url: string, id: string) => url.replace(/:[a-zA-Z]+/g, id);

describe('bad input never causes a 5xx nor a change', () => {
  it('malformed bodies on every write route, as every role', async () => {
    const before = await fingerprint();
    expect(before).toMatch(/(^|,)sales:1:[0-9a-f]{32}(,|$)/);
    const routes = ctx.app.apiRoutes.filter((r) => r.hasBody);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...WHO),
          malformedBody,
          fc.constantFrom('1', '2', '999999'),
          async (who, body, id) => {
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url: fill(route.url, id),
              headers: { ...headers[who], 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            expect(
              res.statusCode,
              `${route.method} ${route.url} as ${who}: ${res.body}`,
            ).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${route.method} ${route.url} as ${who}: ${res.body}`).toBeLessThan(500);
            expect(typeof res.json().message).toBe('string');
          },
        ),
        { numRuns: 12 },
      );
    }
    expect(await fingerprint()).toBe(before);
  });

  it('oversized and non-JSON bodies, and odd ids and query strings on every route', async () => {
    const before = await fingerprint();
    for (const route of ctx.app.apiRoutes) {
      if (route.url === '/api/auth/logout') continue; // a valid call with any id: it ends the session
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...WHO),
          weirdId,
          fc.string({ maxLength: 40 }),
          async (who, id, query) => {
            const url = `${fill(route.url, id)}?${encodeURIComponent(query)}=${encodeURIComponent(query)}&page=${id}&limit=${id}&status=${id}`;
            const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: headers[who] });
            if (route.method === 'GET')
              expect(res.statusCode, `${url} as ${who}: ${res.body}`).toBeLessThan(500);
            else
              expect(
                [400, 401, 403, 404, 409, 413, 415],
                `${route.method} ${url} as ${who}: ${res.body}`,
              ).toContain(res.statusCode);
          },
        ),
        { numRuns: 6 },
      );
      if (!route.hasBody) continue;
      const huge = await ctx.app.inject({
        method: route.method as 'POST',
        url: fill(route.url, '1'),
        headers: { ...headers.admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      const text = await ctx.app.inject({
        method: route.method as 'POST',
        url: fill(route.url, '1'),
        headers: { ...headers.admin, 'content-type': 'text/plain' },
        payload: 'hola',
      });
      expect(text.statusCode, `${route.method} ${route.url} text/plain`).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
    }
    expect(await fingerprint()).toBe(before);
  });
});
