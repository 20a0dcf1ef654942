import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { createSaleRefs, type SaleRefs, saleBody } from '../helpers/sales';
import { createTestContext, type TestContext } from '../helpers/test-app';

/**
 * Two app instances on one database, as behind a load balancer. On PostgreSQL the second instance has
 * its own connection pool (nothing shared but the database); on PGlite both share the embedded engine.
 */
let ctx: TestContext;
let second: FastifyInstance;
let secondDb: DatabaseHandle | undefined;
let refs: SaleRefs;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'dos');
  secondDb = ctx.database.url ? await openPostgres(ctx.database.url, 5) : undefined;
  second = await buildApp({ database: secondDb ?? ctx.database, demo: false });
});
afterAll(async () => {
  await second.close();
  await secondDb?.close();
  await ctx.close();
});

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.9.9.9',
  });

describe('two app instances on one database', () => {
  it('a session made on one works on the other, and logout on one ends it on both', async () => {
    const { token } = (await login(ctx.app, ctx.users.sales.email, ctx.users.sales.password)).json();
    const auth = { authorization: `Bearer ${token}` };
    expect((await second.inject({ method: 'GET', url: '/api/users/me', headers: auth })).json().user.id).toBe(
      ctx.users.sales.id,
    );
    await second.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: auth })).statusCode).toBe(
      401,
    );
  });

  it('the login limit counts failures made on either instance', async () => {
    for (let i = 0; i < 10; i++) {
      await login(i % 2 ? ctx.app : second, ctx.users.finance.email, 'incorrecta');
    }
    expect((await login(ctx.app, ctx.users.finance.email, ctx.users.finance.password)).statusCode).toBe(429);
    expect((await login(second, ctx.users.finance.email, ctx.users.finance.password)).statusCode).toBe(429);
  });

  it('concurrent edits of one sale from both instances: one wins, the other gets 409, nothing is lost', async () => {
    const headers = await ctx.auth('admin');
    const sale = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/sales',
        headers,
        payload: saleBody(refs, ctx.users.sales.id),
      })
    ).json().sale;
    const edit = (app: FastifyInstance, name: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/sales/${sale.id}`,
        headers,
        payload: {
          ...saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: name } }),
          version: sale.version,
        },
      });
    const results = await Promise.all([edit(ctx.app, 'Edición A'), edit(second, 'Edición B')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().sale.passengerName;
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe('La venta fue modificada por otro usuario');
    const stored = (await second.inject({ method: 'GET', url: `/api/sales/${sale.id}`, headers })).json();
    expect(stored.passengerName).toBe(winner);
    expect(stored.version).toBe(sale.version + 1);
    expect(stored.items).toHaveLength(1);
  });
});
