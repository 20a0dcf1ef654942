import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../src/domain/api';
import { databaseFingerprint } from '../../helpers/fingerprint';
import { exampleCall, type RouteExamples, routeExamples, routeName } from '../../helpers/route-examples';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/**
 * Property: whatever malformed, oversized or wrongly typed input reaches a route, from whichever role,
 * the answer is a 4xx with a message (never a 5xx) and the database does not change. Bodies start
 * from a valid call of each route (tests/helpers/route-examples.ts) with one field broken, so the
 * input reaches the field rules and the handler instead of dying at the first unknown key.
 */
let ctx: TestContext;
const headers: Partial<Record<Who, Record<string, string>>> = {};
const WHO: Who[] = ['anonymous', 'admin', 'sales', 'finance'];

/** Never a valid body: not an object at all (bodies are JSON objects on every write route). */
const notAnObject = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
);

/** Values that look like a number or an id without being one, and control characters. */
const LOOK_ALIKES = [
  '0x10',
  '1e1',
  '10.0',
  '%2010',
  '+1',
  '010',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '%00',
  'abc',
];
const weirdId = fc.oneof(
  fc.constantFrom(...LOOK_ALIKES),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 12 })
    .filter((s) => !/^[1-9][0-9]*$/.test(s))
    .map(encodeURIComponent),
);

/**
 * What one field of a valid body is replaced with: wrong types, look-alike numbers, control
 * characters in otherwise ordinary text, huge and empty values, and anything fast-check makes up.
 */
const badValue = fc.oneof(
  fc.constantFrom<unknown>(
    true,
    false,
    [1],
    [],
    {},
    null,
    '',
    '0x10',
    '1e1',
    ' 10',
    1e300,
    -1,
    0.001,
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `ok${s}\u0000`),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(String)),
  fc.anything({ maxDepth: 2 }),
);

/**
 * Values no route may accept in place of a field's valid example value, judged by that value's
 * kind: a number (or decimal string) takes no boolean, array, object or look-alike string; a text
 * takes no boolean, array, object or number; a boolean, array or object takes nothing else.
 */
function mustRefuse(original: unknown): unknown[] {
  const shapes = [true, false, [1], [], {}];
  if (typeof original === 'number' || (typeof original === 'string' && /^\d+(\.\d+)?$/.test(original)))
    return [...shapes, '0x10', '1e1', ' 10', '10 ', 1e300];
  if (typeof original === 'string') return [...shapes, 12, 1.5];
  if (typeof original === 'boolean') return [1, 0, 'true', [true], {}];
  if (Array.isArray(original)) return [true, 'x', 1, {}];
  return [true, 'x', 1, []];
}

/** Every field of a body, and one level into nested objects and first array elements. */
function fieldPaths(body: Record<string, unknown>): string[][] {
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(body)) {
    paths.push([key]);
    const inner = Array.isArray(value) ? value[0] : value;
    const prefix = Array.isArray(value) ? [key, '0'] : [key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const child of Object.keys(inner)) paths.push([...prefix, child]);
    }
  }
  return paths;
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let holder: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  holder[path[path.length - 1] as string] = value;
  return copy;
}

const fingerprint = () => databaseFingerprint(ctx.db);

let examples: RouteExamples;
beforeAll(async () => {
  ctx = await createTestContext();
  examples = await routeExamples(ctx);
  for (const who of WHO) headers[who] = await ctx.auth(who);
});
afterAll(() => ctx.close());

const fill = (url: string, id: string) => url.replace(/:[a-zA-Z]+/g, id);
const where = (route: string, who: Who, body: unknown, res: { body: string }) =>
  `${route} as ${who} with ${JSON.stringify(body)?.slice(0, 200)}: ${res.body.slice(0, 200)}`;
/** The endpoints that take a JSON body, each with its example's valid call. */
const writeEndpoints = () => allEndpoints().filter((e) => e.body !== undefined);

describe('bad input never causes a 5xx nor a change', () => {
  it('one field of a valid body broken at a time, on every write route', async () => {
    let refused = 0;
    const endpoints = writeEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    for (const endpoint of endpoints) {
      const route = routeName(endpoint);
      const example = await exampleCall(examples, endpoint);
      if (!example.body) throw new Error(`${route} has no example body`);
      const who: Who = example.as ?? 'admin';
      const body = example.body;
      for (const path of fieldPaths(body)) {
        let before = await fingerprint();
        const original = path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], body);
        for (const value of mustRefuse(original)) {
          const mutated = withValue(body, path, value);
          const res = await ctx.app.inject({
            method: endpoint.method,
            url: example.url,
            headers: { ...headers[who], 'content-type': 'application/json' },
            payload: JSON.stringify(mutated),
          });
          expect(res.statusCode, where(route, who, mutated, res)).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where(route, who, mutated, res)).toBeLessThan(500);
          refused++;
        }
        expect(await fingerprint(), `${route} ${path.join('.')}`).toBe(before);
        let accepted = false;
        await fc.assert(
          fc.asyncProperty(badValue, async (value) => {
            const mutated = withValue(body, path, value);
            const res = await ctx.app.inject({
              method: endpoint.method,
              url: example.url,
              headers: { ...headers[who], 'content-type': 'application/json' },
              payload: JSON.stringify(mutated),
            });
            expect(res.statusCode, where(route, who, mutated, res)).toBeLessThan(500);
            if (res.statusCode >= 400) {
              refused++;
              expect(typeof res.json().message, where(route, who, mutated, res)).toBe('string');
            } else accepted = true;
            // A control character is never valid, whatever the field.
            if (typeof value === 'string' && value.includes('\u0000'))
              expect(res.statusCode, where(route, who, mutated, res)).toBe(400);
          }),
          { numRuns: 10 },
        );
        // Refusals changed nothing; a value that happened to be valid (null on an optional field,
        // another name) was written as a normal call would, so the comparison starts again.
        if (accepted) before = await fingerprint();
        else expect(await fingerprint(), `${route} ${path.join('.')}`).toBe(before);
      }
    }
    expect(refused).toBeGreaterThan(500);
  }, 600_000);

  it('bodies that are not objects, as every role', async () => {
    const endpoints = writeEndpoints();
    // The examples build their records first, so that the fingerprint covers only the fuzzing.
    const urls = new Map<string, string>();
    for (const endpoint of endpoints)
      urls.set(routeName(endpoint), (await exampleCall(examples, endpoint)).url);
    const before = await fingerprint();
    for (const endpoint of endpoints) {
      const route = routeName(endpoint);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...WHO), notAnObject, async (who, body) => {
          const res = await ctx.app.inject({
            method: endpoint.method,
            url: urls.get(route) as string,
            headers: { ...headers[who], 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(res.statusCode, where(route, who, body, res)).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where(route, who, body, res)).toBeLessThan(500);
        }),
        { numRuns: 8 },
      );
    }
    expect(await fingerprint()).toBe(before);
  });

  it('odd path ids and query strings on every route; look-alike ids are 400', async () => {
    const before = await fingerprint();
    for (const route of ctx.app.apiRoutes) {
      if (route.url === '/api/auth/logout') continue; // a valid call with any id: it ends the session
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...WHO),
          weirdId,
          fc.string({ unit: 'binary', maxLength: 40 }),
          async (who, id, query) => {
            const q = encodeURIComponent(query);
            const url = `${fill(route.url, id)}?q=${q}&${q}=${q}&page=${id}&limit=${id}&status=${id}`;
            const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: headers[who] });
            expect(res.statusCode, `${route.method} ${url} as ${who}: ${res.body}`).toBeLessThan(500);
            if (route.method !== 'GET')
              expect([400, 401, 403, 404, 409, 413, 415], `${route.method} ${url} as ${who}`).toContain(
                res.statusCode,
              );
          },
        ),
        { numRuns: 6 },
      );
      if (route.url.includes(':')) {
        for (const id of LOOK_ALIKES) {
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: fill(route.url, id),
            headers: { ...headers.admin, 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${route.method} ${fill(route.url, id)}: ${res.body}`).toBe(400);
        }
      }
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
