import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../../../src/domain/access';
import { allEndpoints } from '../../../src/domain/api';
import { auditApi } from '../../../src/domain/api/audit';
import { authApi } from '../../../src/domain/api/auth';
import { companyApi } from '../../../src/domain/api/company';
import { dteApi } from '../../../src/domain/api/dte';
import type { EndpointShape } from '../../../src/domain/api/endpoint';
import { invoicesApi } from '../../../src/domain/api/invoices';
import {
  classificationsApi,
  clientsApi,
  operatorsApi,
  passengersApi,
  suppliersApi,
} from '../../../src/domain/api/master-data';
import { metricsApi } from '../../../src/domain/api/metrics';
import { salesApi } from '../../../src/domain/api/sales';
import { usersApi } from '../../../src/domain/api/users';
import { ISO_CURRENCIES } from '../../../src/domain/currencies';
import { taxBody } from '../../helpers/dte-examples';
import { routeExamples, routeName } from '../../helpers/route-examples';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/**
 * Who may call what (deny by default), endpoint by endpoint: for every endpoint of `API` and every
 * caller (anonymous, admin, sales, finance), the server answers as the endpoint's declared `access`
 * says (docs/decisions/0084-access-declared-with-the-endpoint.md): 401 to an anonymous caller of a
 * non-public endpoint, 403 to a role outside its set, and neither to the others; and a valid call by
 * an allowed role works (2xx). What the declaration cannot say is listed below, with its reason.
 */

let seq = 0;
const newUser = () => ({
  username: `matriz${++seq}`,
  email: `matriz${seq}@test.cl`,
  password: 'secreto123',
  role: 'sales',
});

/**
 * Bodies that pass validation, so that the status observed for an allowed role comes from the handler
 * and not from the validator (ids in the path are 999999: most of these end in a 404).
 */
const BODIES = new Map<EndpointShape, () => unknown>([
  [authApi.register, newUser],
  [usersApi.updateMe, () => ({})],
  [usersApi.create, newUser],
  [usersApi.update, () => ({})],
  [salesApi.update, () => ({ status: 'cancelled' })],
  [invoicesApi.creditNote, () => ({ reason: 'Error de emisión' })],
  [invoicesApi.cancel, () => ({ reason: 'Error de emisión' })],
  [companyApi.saveSettings, () => ({ name: 'Agencia Matriz' })],
  [companyApi.saveRates, () => ({ rates: [{ currency: 'GBP', rate: 1.27 }] })],
  [
    companyApi.createRate,
    () => ({ currency: ISO_CURRENCIES[++seq % ISO_CURRENCIES.length]?.code, rate: 0.5 }),
  ],
  [companyApi.updateRate, () => ({ rate: 1 })],
  // The SII setup's bodies: tests/api/dte/dte-setup.test.ts.
  [dteApi.saveTax, taxBody],
  ...(
    [
      [clientsApi, () => ({ name: 'Cliente Matriz' })],
      [
        passengersApi,
        () => ({ name: 'Pasajero Matriz', passengerId: `M-${++seq}`, dateOfBirth: '1990-01-01' }),
      ],
      [suppliersApi, () => ({ name: `Proveedor ${++seq}` })],
      [operatorsApi, () => ({ name: `Operador ${++seq}` })],
      [classificationsApi, () => ({ name: `Clasificación ${++seq}` })],
    ] as const
  ).flatMap(([resource, body]) => [[resource.create, body] as const, [resource.update, body] as const]),
]);

/** Exact statuses where the generic rule (401 anonymous, 403 other roles, else neither) does not fit. */
const EXCEPTIONS = new Map<EndpointShape, { statuses: Partial<Record<Who, number>>; reason: string }>([
  [
    metricsApi.scrape,
    {
      statuses: { anonymous: 401, sales: 403, finance: 403, admin: 200 },
      reason: "public to the access guard (a scraper's METRICS_TOKEN is no session); the route admits admins",
    },
  ],
  [
    authApi.register,
    {
      statuses: { anonymous: 401, sales: 403, finance: 403, admin: 201 },
      reason: 'open only while no user exists; afterwards it behaves as admin-only',
    },
  ],
  [
    auditApi.list,
    {
      statuses: { sales: 403 },
      reason:
        'a seller may call it only for one of their own sales: without `entity=sale&entityId=` it is 403',
    },
  ],
]);

const WHO: Who[] = ['anonymous', 'admin', 'sales', 'finance'];
const ENDPOINTS = allEndpoints();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('route x role matrix', () => {
  it('every registered API route is a declared endpoint, with its declared access, and vice versa', () => {
    const registered = ctx.app.apiRoutes.map((r) => ({ route: `${r.method} ${r.url}`, access: r.access }));
    const declared = ENDPOINTS.map((e) => ({ route: routeName(e), access: e.access }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(registered.sort(byRoute)).toEqual(declared.sort(byRoute));
  });

  it('the exceptions and bodies name declared endpoints', () => {
    for (const endpoint of [...EXCEPTIONS.keys(), ...BODIES.keys()]) expect(ENDPOINTS).toContain(endpoint);
  });

  // Four calls per endpoint, over a hundred and forty endpoints: more than 30 s on a loaded two-core machine.
  it('the server enforces the declared access for anonymous, admin, sales and finance', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const endpoint of ENDPOINTS) {
      for (const who of WHO) {
        const response = await ctx.app.inject({
          method: endpoint.method,
          url: endpoint.path.replace(/:[a-zA-Z]+/g, '999999'),
          headers: await ctx.auth(who),
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
            ? {}
            : { payload: (BODIES.get(endpoint)?.() ?? {}) as object }),
        });
        const exact = EXCEPTIONS.get(endpoint)?.statuses[who];
        const ok =
          exact !== undefined
            ? response.statusCode === exact
            : allows(endpoint.access, who === 'anonymous' ? null : who)
              ? response.statusCode !== 401 && response.statusCode !== 403 && response.statusCode < 500
              : response.statusCode === (who === 'anonymous' ? 401 : 403);
        if (!ok) failures.push(`${routeName(endpoint)} as ${who}: ${response.statusCode} ${response.body}`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(ENDPOINTS.length * WHO.length);
  });

  // One call per endpoint, most building their records first (the invoices' sign DTEs): over a hundred
  // and forty endpoints need minutes on a loaded two-core machine.
  it('each endpoint, called validly by a role it allows, works (2xx)', { timeout: 240_000 }, async () => {
    const examples = await routeExamples(ctx);
    expect(ENDPOINTS.filter((e) => !examples.has(e)).map(routeName), 'endpoints without an example').toEqual(
      [],
    );
    expect(examples.size).toBe(ENDPOINTS.length);
    const failures: string[] = [];
    // "Empezar con mis datos" empties the agency, records the other examples build on: it goes last.
    const destructive: EndpointShape[] = [companyApi.removeDemoData];
    const ordered = [...ENDPOINTS.filter((e) => !destructive.includes(e)), ...destructive];
    for (const endpoint of ordered) {
      const example = await examples.get(endpoint)?.();
      if (!example) continue;
      const { access } = endpoint;
      const who = example.as ?? (Array.isArray(access) && !access.includes('admin') ? access[0] : 'admin');
      if (!allows(access, who)) failures.push(`${routeName(endpoint)}: its example's role ${who} is refused`);
      const response = await ctx.app.inject({
        method: endpoint.method,
        url: example.url,
        headers: {
          ...(await ctx.auth(who)),
          'content-type': example.file?.contentType ?? 'application/json',
        },
        ...(example.file
          ? { payload: example.file.payload }
          : example.body
            ? { payload: JSON.stringify(example.body) }
            : {}),
      });
      if (response.statusCode < 200 || response.statusCode > 299)
        failures.push(
          `${routeName(endpoint)} as ${who}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('an API route registered without config.access stops the app from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('../../../src/server/plugins/access');
    const app = Fastify();
    await app.register(accessPlugin, { findUser: async () => null });
    expect(() => app.get('/api/undeclared', async () => ({ leaked: true }))).toThrow(
      /no declara config.access/,
    );
    await app.close();
  });
});
