import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../src/domain/api';
import { exportFileReply } from '../../../src/domain/api/files';
import { createSaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext, type Who } from '../../helpers/test-app';

/**
 * The replies of payments, supplier payments, company, users, auth, health, reports, alerts and the
 * master data are declared from the schemas in `src/domain`: the OpenAPI document lists every one,
 * and what the server sends (errors included) passes through them unchanged.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One request as `who` (a fresh session each time: tokens are minted without a password check). */
async function call(method: 'GET' | 'POST', url: string, payload?: object, who: Who = 'admin') {
  const headers = await ctx.auth(who);
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const PREFIXES = [
  '/api/payments',
  '/api/supplier-payments',
  '/api/company',
  '/api/users',
  '/api/auth',
  '/api/health',
  '/api/reports',
  '/api/alerts',
  '/api/clients',
  '/api/passengers',
  '/api/suppliers',
  '/api/operators',
  '/api/classifications',
  '/api/sii',
];

/** The endpoint of an OpenAPI path (`/api/sales/{id}`) as src/domain/api declares it. */
const declaredEndpoint = (method: string, path: string) =>
  allEndpoints().find(
    (e) => e.method === method.toUpperCase() && e.path === path.replace(/\{(\w+)\}/g, ':$1'),
  );

/** The errors the endpoint of an OpenAPI path declares. */
function declaredErrors(method: string, path: string): string[] {
  const declared = declaredEndpoint(method, path);
  return declared ? declared.errors.map(String) : ['no endpoint declared'];
}

/** The content types of a file the endpoint sends (a PDF, a statement), or none for a JSON reply. */
function declaredFileTypes(method: string, path: string): string[] {
  const reply = declaredEndpoint(method, path)?.replies[200] as { content?: object } | undefined;
  return reply && 'content' in reply && reply.content ? Object.keys(reply.content) : [];
}

/** An export: a list's `/export`, or another route whose reply is the export's file (the Libro de ventas). */
const isExport = (method: string, path: string) =>
  path.endsWith('/export') ||
  (declaredEndpoint(method, path)?.replies as Record<number, unknown> | undefined)?.[200] === exportFileReply;
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv; charset=utf-8',
];

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
}

describe('the OpenAPI document', () => {
  it('documents a success reply and the error shape of each error it declares, for every route of these modules', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
      .filter(([path]) => PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    // 13 prefixes, 5 master-data resources of 7 routes each: a short list would mean routes went missing.
    expect(operations.length).toBeGreaterThan(80);
    const gaps: string[] = [];
    for (const { path, method, op } of operations) {
      const responses = op.responses ?? {};
      const success = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
      const body = success ? (responses[success]?.content ?? {}) : {};
      const fileTypes = declaredFileTypes(method, path);
      if (isExport(method, path)) {
        if (!FILE_TYPES.every((type) => type in body)) gaps.push(`${method} ${path}: file reply`);
      } else if (fileTypes.length) {
        if (!fileTypes.every((type) => type in body)) gaps.push(`${method} ${path}: file reply`);
      } else if (!body['application/json']?.schema) {
        gaps.push(`${method} ${path}: 2xx reply`);
      }
      for (const code of declaredErrors(method, path)) {
        const schema = responses[code]?.content?.['application/json']?.schema;
        if (!schema?.properties || !('message' in schema.properties)) gaps.push(`${method} ${path}: ${code}`);
      }
    }
    expect(gaps).toEqual([]);
  });
});

describe('error replies', () => {
  it('pass through the declared error shape: 400 with errors, 401, 403, 404 and 409', async () => {
    const invalid = await call('POST', '/api/payments', { saleId: 'x', amount: -1, extra: 1 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json()).sort()).toEqual(['errors', 'message']);
    expect(invalid.json().errors[0]).toEqual({ path: expect.any(String), message: expect.any(String) });

    const anonymous = await call('GET', '/api/supplier-payments', undefined, 'anonymous');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });

    const seller = await call('GET', '/api/supplier-payments', undefined, 'sales');
    expect(seller.statusCode).toBe(403);
    expect(seller.json()).toEqual({ message: 'No tienes permisos para realizar esta acción' });

    const missing = await call('GET', '/api/payments/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Pago no encontrado' });

    const name = `Proveedor repetido ${Date.now()}`;
    expect((await call('POST', '/api/suppliers', { name })).statusCode).toBe(201);
    const duplicate = await call('POST', '/api/suppliers', { name });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'Ya existe un proveedor con ese nombre' });
  });

  it('keep the error shape on a 429 of the login', async () => {
    const email = ctx.users.finance.email;
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email, password: 'equivocada' },
      });
    let last = await attempt();
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(Object.keys(last.json())).toEqual(['message']);
  });
});

describe('success replies', () => {
  it('give payments with their sale, and the stats, in the declared shape', async () => {
    const refs = await createSaleRefs(ctx, 'contrato');
    const sale = (await call('POST', '/api/sales', saleBody(refs, ctx.users.sales.id))).json().sale;
    const saved = await call('POST', '/api/payments', { saleId: sale.id, date: '2026-03-01', amount: 10.5 });
    expect(saved.statusCode).toBe(201);
    const payment = {
      id: expect.any(Number),
      saleId: sale.id,
      date: '2026-03-01',
      amount: 10.5,
      currency: 'USD',
      // The original client's body names no currency: the sale's, at rate 1.
      exchangeRate: 1,
      rateEdited: false,
      usdAmount: 10.5,
      saleAmount: 10.5,
      method: 'cash',
      // A null field is left out of the reply (toEqual counts a missing key as undefined).
      reference: undefined,
      status: 'confirmed',
      createdAt: expect.any(String),
      sale: {
        id: sale.id,
        passengerName: expect.any(String),
        status: expect.any(String),
        sellerId: ctx.users.sales.id,
        clientName: expect.any(String),
        currency: 'USD',
      },
    };
    expect(saved.json()).toEqual({ message: 'Pago registrado', payment });
    expect((await call('GET', `/api/payments/sale/${sale.id}`)).json()).toEqual([payment]);
    const { stats } = (await call('GET', '/api/payments/stats')).json();
    expect(stats).toEqual({
      totalConfirmed: expect.any(Number),
      totalPending: expect.any(Number),
      count: expect.any(Number),
      byMethod: expect.objectContaining({ cash: { count: expect.any(Number), total: expect.any(Number) } }),
    });
  });

  it('give the supplier stats and the master-data search and save replies in the declared shape', async () => {
    expect((await call('GET', '/api/supplier-payments/stats')).json()).toEqual({
      stats: {
        totalPending: expect.any(Number),
        suppliersWithPending: expect.any(Number),
        activeSuppliers: expect.any(Number),
        totalSales: expect.any(Number),
      },
    });
    const name = `Operador contrato ${Date.now()}`;
    const saved = await call('POST', '/api/operators', { name });
    expect(saved.json()).toEqual({ message: 'Operador creado', operator: { id: expect.any(Number), name } });
    expect((await call('GET', `/api/operators/search?q=${encodeURIComponent(name)}`)).json()).toEqual({
      operators: [{ id: saved.json().operator.id, name }],
    });
    expect((await call('GET', '/api/health')).json()).toEqual({
      status: 'ok',
      database: expect.stringMatching(/^(pglite|postgres)$/),
    });
  });
});
