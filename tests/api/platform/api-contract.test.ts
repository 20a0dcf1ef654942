import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../src/domain/api';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The web calls the API only through the endpoints of `src/domain/api`, and the server registers its
 * routes from them: the two lists are the same, so neither side has a call the other does not know.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the declared API', () => {
  it('is exactly the routes the server registers', () => {
    const registered = ctx.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => key({ method: r.method, path: r.url }))
      .sort();
    const declared = allEndpoints().map(key).sort();
    expect(new Set(declared).size, 'an endpoint declared twice').toBe(declared.length);
    expect(registered).toEqual(declared);
  });

  it('declares 413 and 415 exactly where a body (JSON or a file) is taken, 401 with a session and 403 with roles', () => {
    for (const declared of allEndpoints()) {
      const where = key(declared);
      const takesBody = declared.body !== undefined || declared.upload !== undefined;
      expect(declared.errors.includes(413), `${where} 413`).toBe(takesBody);
      expect(declared.errors.includes(415), `${where} 415`).toBe(takesBody);
      // The guard's refusals follow from `access`; a public endpoint may still answer them itself
      // (the first user's register, the metrics' token), an endpoint for any signed-in user never 403.
      const { access } = declared;
      if (access !== 'public') expect(declared.errors, `${where} 401`).toContain(401);
      if (Array.isArray(access)) expect(declared.errors, `${where} 403`).toContain(403);
      if (access === 'authenticated') expect(declared.errors, `${where} 403`).not.toContain(403);
    }
  });

  it('is served with the access each endpoint declares', () => {
    const served = new Map(ctx.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const declared of allEndpoints())
      expect(served.get(key(declared)), key(declared)).toEqual(declared.access);
  });
});
