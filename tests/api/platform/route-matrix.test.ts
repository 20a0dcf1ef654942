import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISO_CURRENCIES } from '../../../src/domain/currencies';
import type { Access } from '../../../src/server/plugins/access';
import { taxBody } from '../../helpers/dte-examples';
import { routeExamples } from '../../helpers/route-examples';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/**
 * Who may call what (deny by default), route by route. It is written out here on purpose: a route
 * added without an entry, or whose declared access changes, fails this test until the matrix is
 * updated deliberately. Each entry may give a body that passes validation, so that the status
 * observed for allowed roles comes from the handler and not from the validator.
 */
interface Expectation {
  access: Access;
  body?: () => unknown;
  /** Exact statuses where the generic rule (401 anonymous, 403 other roles, else neither) does not fit. */
  statuses?: Partial<Record<Who, number>>;
}

let seq = 0;
const newUser = () => ({
  username: `matriz${++seq}`,
  email: `matriz${seq}@test.cl`,
  password: 'secreto123',
  role: 'sales',
});

const ALL_ROLES = ['admin', 'sales', 'finance'] as const;

/** The six calls of a master-data resource: every role reads, `writers` write. */
function masterData(name: string, writers: Access, body: () => unknown): Record<string, Expectation> {
  return {
    [`GET /api/${name}`]: { access: ALL_ROLES },
    [`GET /api/${name}/search`]: { access: ALL_ROLES },
    [`GET /api/${name}/export`]: { access: ALL_ROLES },
    [`GET /api/${name}/:id`]: { access: ALL_ROLES },
    [`POST /api/${name}`]: { access: writers, body },
    [`PUT /api/${name}/:id`]: { access: writers, body },
    [`DELETE /api/${name}/:id`]: { access: writers },
  };
}

const MATRIX: Record<string, Expectation> = {
  'GET /api/health': { access: 'public' },
  // Load balancers call it without a session.
  'GET /api/health/ready': { access: 'public' },
  // Public to the access plugin (a scraper's METRICS_TOKEN is no session); the route itself admits admins.
  'GET /metrics': { access: 'public', statuses: { anonymous: 401, sales: 403, finance: 403, admin: 200 } },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/logout': { access: 'authenticated' },
  'POST /api/auth/register': {
    access: 'public',
    body: newUser,
    // Open only while no user exists; afterwards it behaves as admin-only.
    statuses: { anonymous: 401, sales: 403, finance: 403, admin: 201 },
  },
  'GET /api/auth/demo': { access: 'public' },
  'GET /api/users/me': { access: 'authenticated' },
  'PUT /api/users/me': { access: 'authenticated', body: () => ({}) },
  'GET /api/users': { access: ['admin', 'sales'] },
  'POST /api/users': { access: ['admin'], body: newUser },
  'GET /api/users/:id': { access: ['admin'] },
  'PUT /api/users/:id': { access: ['admin'], body: () => ({}) },
  'DELETE /api/users/:id': { access: ['admin'] },
  'GET /api/sales': { access: ALL_ROLES },
  'GET /api/sales/my-sales': { access: ['admin', 'sales'] },
  'GET /api/sales/export': { access: ALL_ROLES },
  'GET /api/sales/sellers': { access: ['admin', 'finance'] },
  'GET /api/sales/:id': { access: ALL_ROLES },
  'POST /api/sales': { access: ['admin', 'sales'] },
  'PUT /api/sales/:id': { access: ['admin', 'sales'], body: () => ({ status: 'cancelled' }) },
  'DELETE /api/sales/:id': { access: ['admin'] },
  'GET /api/sales/total': { access: ALL_ROLES },
  'GET /api/sales/stats': { access: ALL_ROLES },
  'GET /api/sales/stats-by-type': { access: ALL_ROLES },
  'GET /api/sales/upcoming-departures': { access: ALL_ROLES },
  'GET /api/sales/sales-overview': { access: ALL_ROLES },
  'GET /api/payments': { access: ALL_ROLES },
  'GET /api/payments/stats': { access: ALL_ROLES },
  'GET /api/payments/export': { access: ALL_ROLES },
  'GET /api/payments/sale/:saleId': { access: ALL_ROLES },
  // Issue 29: whoever registers a payment picks its currency from the active rates.
  'GET /api/payments/currencies': { access: ALL_ROLES },
  'GET /api/payments/:id': { access: ALL_ROLES },
  // Issue 26: finance registers and confirms customer payments (decision 0043); editing stays with the sale's editors.
  'POST /api/payments': { access: ALL_ROLES },
  'POST /api/payments/:id/confirm': { access: ALL_ROLES },
  'PUT /api/payments/:id': { access: ['admin', 'sales'] },
  'DELETE /api/payments/:id': { access: ['admin', 'sales'] },
  'GET /api/supplier-payments': { access: ['admin'] },
  'GET /api/supplier-payments/stats': { access: ['admin'] },
  'GET /api/supplier-payments/suppliers/sales': { access: ['admin'] },
  'GET /api/supplier-payments/suppliers/sales/export': { access: ['admin'] },
  'GET /api/supplier-payments/supplier/:id/sales': { access: ['admin'] },
  'GET /api/supplier-payments/supplier/:id/history': { access: ['admin'] },
  'GET /api/supplier-payments/supplier/:id/history/export': { access: ['admin'] },
  'GET /api/supplier-payments/:id': { access: ['admin'] },
  'POST /api/supplier-payments': { access: ['admin'] },
  'PUT /api/supplier-payments/:id': { access: ['admin'] },
  'DELETE /api/supplier-payments/:id': { access: ['admin'] },
  'GET /api/invoices': { access: ALL_ROLES },
  'GET /api/invoices/:id': { access: ALL_ROLES },
  'GET /api/invoices/:id/pdf': { access: ALL_ROLES },
  'POST /api/sales/:id/invoice': { access: ['admin', 'sales'] },
  // Whoever may issue may look first (decision 0071); only an admin may choose an item's exemption.
  'GET /api/sales/:id/invoice/preview': { access: ['admin', 'sales'] },
  'GET /api/invoices/:id/xml': { access: ALL_ROLES },
  'GET /api/invoices/:id/credit-note/xml': { access: ALL_ROLES },
  'GET /api/invoices/:id/credit-note/pdf': { access: ALL_ROLES },
  'GET /api/invoices/:id/credit-notes/:noteId/xml': { access: ALL_ROLES },
  'GET /api/invoices/:id/credit-notes/:noteId/pdf': { access: ALL_ROLES },
  'POST /api/invoices/:id/credit-note': { access: ['admin'], body: () => ({ reason: 'Error de emisión' }) },
  // Issue 28: each document is read as its record is; keeping a quote and accepting it edit the sale.
  'GET /api/sales/:id/quote.pdf': { access: ALL_ROLES },
  'GET /api/sales/:id/quotes': { access: ALL_ROLES },
  'POST /api/sales/:id/quotes': { access: ['admin', 'sales'] },
  'GET /api/sales/:id/quotes/:version.pdf': { access: ALL_ROLES },
  'POST /api/sales/:id/quote/accept': { access: ['admin', 'sales'] },
  'GET /api/sales/:id/itinerary.pdf': { access: ALL_ROLES },
  'GET /api/payments/:id/receipt.pdf': { access: ALL_ROLES },
  'GET /api/clients/:id/statement': { access: ALL_ROLES },
  // A seller may call it, but only for one of their own sales: without `entity=sale&entityId=` it is 403.
  'GET /api/audit': { access: ALL_ROLES, statuses: { sales: 403 } },
  'GET /api/audit/verify': { access: ['admin'] },
  // Issue 30: backups are the admin's.
  'GET /api/backups': { access: ['admin'] },
  'POST /api/backups': { access: ['admin'] },
  'GET /api/backups/:id/download': { access: ['admin'] },
  'GET /api/audit/export': { access: ALL_ROLES },
  // Issue 28: every role reads the outbox within its scope (a seller, their sales' messages); admin acts.
  'GET /api/emails': { access: ALL_ROLES },
  'GET /api/emails/:id': { access: ALL_ROLES },
  'GET /api/emails/:id/eml': { access: ALL_ROLES },
  'POST /api/emails/:id/retry': { access: ['admin'] },
  'POST /api/emails/:id/cancel': { access: ['admin'] },
  // "Enviar": whoever reads a document sends it, in the same scope (a quote: admin and sales, checked inside).
  'POST /api/emails': { access: ALL_ROLES },
  'GET /api/emails/draft': { access: ALL_ROLES },
  'POST /api/invoices/:id/cancel': { access: ['admin'], body: () => ({ reason: 'Error de emisión' }) },
  // Issue 17: what clients owe and supplier dues are for admin and finance; reports and alerts for all.
  'GET /api/reports/receivables': { access: ['admin', 'finance'] },
  'GET /api/reports/receivables/:id': { access: ['admin', 'finance'] },
  'GET /api/reports/payables': { access: ['admin', 'finance'] },
  'GET /api/reports/sales': { access: ALL_ROLES },
  // Issue 16: each export has its list's access.
  'GET /api/reports/receivables/export': { access: ['admin', 'finance'] },
  'GET /api/reports/payables/export': { access: ['admin', 'finance'] },
  'GET /api/reports/sales/export': { access: ALL_ROLES },
  'GET /api/alerts': { access: ALL_ROLES },
  // Issue 16: every role searches; what each finds is scoped inside (tests/api/search/search.test.ts).
  'GET /api/search': { access: ALL_ROLES },
  'GET /api/company/settings': { access: ['admin'] },
  'PUT /api/company/settings': { access: ['admin'], body: () => ({ name: 'Agencia Matriz' }) },
  'GET /api/company/preferences': { access: ALL_ROLES },
  'GET /api/company/currency-rates': { access: ['admin'] },
  'GET /api/company/currency-rates/export': { access: ['admin'] },
  'PUT /api/company/currency-rates': {
    access: ['admin'],
    body: () => ({ rates: [{ currency: 'GBP', rate: 1.27 }] }),
  },
  'POST /api/company/currency-rates': {
    access: ['admin'],
    body: () => ({ currency: ISO_CURRENCIES[++seq % ISO_CURRENCIES.length]?.code, rate: 0.5 }),
  },
  'PUT /api/company/currency-rates/:id': { access: ['admin'], body: () => ({ rate: 1 }) },
  'PATCH /api/company/currency-rates/:id/toggle': { access: ['admin'] },
  'DELETE /api/company/currency-rates/:id': { access: ['admin'] },
  // Issue 29: the SII setup is Configuraciones, admins only (the bodies: tests/api/dte/dte-setup.test.ts).
  'GET /api/company/tax': { access: ['admin'] },
  'PUT /api/company/tax': { access: ['admin'], body: taxBody },
  'GET /api/company/certificate': { access: ['admin'] },
  'POST /api/company/certificate': { access: ['admin'] },
  'GET /api/company/cafs': { access: ['admin'] },
  'POST /api/company/cafs': { access: ['admin'] },
  'GET /api/reports/sales-register': { access: ['admin', 'finance'] },
  // Decision 0070: sending a document to the SII again is the admin's, as its setup is.
  'POST /api/sii/submissions/:id/retry': { access: ['admin'] },
  ...masterData('clients', ['admin', 'sales'], () => ({ name: 'Cliente Matriz' })),
  // Issue 26: saved IDs/RUTs that break the rules, for the admin to fix.
  'GET /api/clients/id-problems': { access: ['admin'] },
  ...masterData('passengers', ['admin', 'sales'], () => ({
    name: 'Pasajero Matriz',
    passengerId: `M-${++seq}`,
    dateOfBirth: '1990-01-01',
  })),
  ...masterData('suppliers', ['admin'], () => ({ name: `Proveedor ${++seq}` })),
  ...masterData('operators', ['admin'], () => ({ name: `Operador ${++seq}` })),
  ...masterData('classifications', ['admin'], () => ({ name: `Clasificación ${++seq}` })),
};

const WHO: Who[] = ['anonymous', 'admin', 'sales', 'finance'];

function allowed(access: Access, who: Who): boolean {
  if (access === 'public') return true;
  if (who === 'anonymous') return false;
  return access === 'authenticated' || access.includes(who);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('route x role matrix', () => {
  it('every registered API route has an entry, and every entry is a registered route', () => {
    const registered = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it('each route declares exactly the access the matrix expects', () => {
    for (const route of ctx.app.apiRoutes) {
      expect(route.access, `${route.method} ${route.url}`).toEqual(
        MATRIX[`${route.method} ${route.url}`]?.access,
      );
    }
  });

  // Four calls per route, over a hundred and fifty routes: more than 30 s on a loaded two-core machine.
  it('the server enforces the declared access for anonymous, admin, sales and finance', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const route of ctx.app.apiRoutes) {
      const expectation = MATRIX[`${route.method} ${route.url}`];
      if (!expectation) continue;
      for (const who of WHO) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[a-zA-Z]+/g, '999999'),
          headers: await ctx.auth(who),
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: (expectation.body?.() ?? {}) as object }),
        });
        const exact = expectation.statuses?.[who];
        const ok =
          exact !== undefined
            ? response.statusCode === exact
            : allowed(expectation.access, who)
              ? response.statusCode !== 401 && response.statusCode !== 403 && response.statusCode < 500
              : response.statusCode === (who === 'anonymous' ? 401 : 403);
        if (!ok)
          failures.push(`${route.method} ${route.url} as ${who}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // One call per route, most building their records first (the invoices' sign DTEs): over a hundred
  // and fifty routes need minutes on a loaded two-core machine.
  it('each route, called validly by a role it allows, works (2xx)', { timeout: 240_000 }, async () => {
    const examples = await routeExamples(ctx);
    const registered = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(examples).sort()).toEqual(registered);
    const failures: string[] = [];
    for (const route of ctx.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const example = await examples[key]?.();
      if (!example) continue;
      const access = MATRIX[key]?.access;
      const who = example.as ?? (Array.isArray(access) && !access.includes('admin') ? access[0] : 'admin');
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: example.url,
        headers: { ...(await ctx.auth(who)), 'content-type': 'application/json' },
        ...(example.body ? { payload: JSON.stringify(example.body) } : {}),
      });
      if (response.statusCode < 200 || response.statusCode > 299)
        failures.push(`${key} as ${who}: ${response.statusCode} ${response.body.slice(0, 200)}`);
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
