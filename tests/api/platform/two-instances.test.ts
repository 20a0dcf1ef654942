import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { type DatabaseHandle, openPostgres } from '../../../src/server/db/client';
import { LISTENER_APPLICATION_NAME } from '../../../src/server/db/notifications';
import { createSession } from '../../../src/server/modules/auth';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext, untilRefused } from '../../helpers/test-app';

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

/**
 * Each instance keeps the sessions it has read in memory for a few seconds. A revocation made on one
 * instance must reach the other well within that time: the database notifies every instance.
 */
describe('the session cache of each instance never serves a revoked session', () => {
  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  /** A fresh user with a session that instance 2 has already read (and so holds in memory). */
  async function cachedOnSecond(role: 'sales' | 'finance', suffix: string) {
    const user = await insertUser(ctx.db, role, suffix);
    const token = await createSession(ctx.db, user.id);
    expect((await me(second, token)).statusCode).toBe(200);
    return { user, token };
  }

  /** Revokes a user's sessions with the triggers off for that one transaction: no notification. */
  const revokeSilently = (userId: number) =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${userId}`);
    });

  it('serves a session from memory: a change the database does not announce goes unseen until it expires', async () => {
    // The revocation is made without its notification, so only a cached session can still answer:
    // this is what the notifications are there for.
    const { user, token } = await cachedOnSecond('sales', 'silencio');
    await revokeSilently(user.id);
    expect((await me(second, token)).statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
  });

  // A dropped listening connection can only happen with a server in between: PostgreSQL only.
  if (process.env.TEST_DB_KIND === 'postgres') {
    it('serves nothing from memory while it cannot hear about changes, and again once it hears', async () => {
      const { user, token } = await cachedOnSecond('sales', 'sordo');
      // Ends the listening connections of both instances, as a server restart or network cut would.
      await ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name like ${`${LISTENER_APPLICATION_NAME}%`}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await revokeSilently(user.id);
      expect((await me(second, token)).statusCode).toBe(401);

      // Once it listens again (it retries each second), a session is kept in memory again.
      const again = await cachedOnSecond('sales', 'oye');
      const deadline = Date.now() + 10_000;
      let listening = false;
      while (!listening && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const probe = await createSession(ctx.db, again.user.id);
        expect((await me(second, probe)).statusCode).toBe(200);
        await revokeSilently(again.user.id);
        listening = (await me(second, probe)).statusCode === 200;
      }
      expect(listening).toBe(true);
    });
  }

  it('logout on instance 1 ends the session on instance 2', async () => {
    const { token } = await cachedOnSecond('sales', 'salida');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const { response } = await untilRefused(() => me(second, token));
    expect(response.statusCode).toBe(401);
  });

  it('deactivating the user on instance 1 ends their session on instance 2', async () => {
    const { user, token } = await cachedOnSecond('sales', 'baja');
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: await ctx.auth('admin'),
    });
    expect(out.statusCode).toBe(200);
    const { response } = await untilRefused(() => me(second, token));
    expect(response.statusCode).toBe(401);
  });

  it('a demotion on instance 1 is refused on instance 2 by the time its request answers, every time', async () => {
    const usersOn = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'GET',
        url: `/api/users/${ctx.users.admin.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const refused: number[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const admin = await insertUser(ctx.db, 'admin', `degradado${trial}`);
      const token = await createSession(ctx.db, admin.id);
      // Instance 2 has read the session, so it holds the admin in memory.
      expect((await usersOn(second, token)).statusCode).toBe(200);
      const out = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${admin.id}`,
        headers: await ctx.auth('admin'),
        payload: { role: 'sales' },
      });
      expect(out.statusCode).toBe(200);
      refused.push((await usersOn(second, token)).statusCode);
    }
    expect(refused).toEqual(Array(20).fill(403));
  });

  it('logout on instance 1 is refused on instance 2 by the time it answers', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { token } = await cachedOnSecond('sales', `fin${trial}`);
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode).toBe(200);
      expect((await me(second, token)).statusCode).toBe(401);
    }
  });

  it('a role change on instance 1 applies on instance 2 at once', async () => {
    const { user, token } = await cachedOnSecond('finance', 'rol');
    const users = (t: string) =>
      second.inject({ method: 'GET', url: '/api/sales/sellers', headers: { authorization: `Bearer ${t}` } });
    expect((await users(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: await ctx.auth('admin'),
      payload: { role: 'sales' },
    });
    expect(out.statusCode).toBe(200);
    const { response } = await untilRefused(() => users(token));
    expect(response.statusCode).toBe(403);
    expect((await me(second, token)).json().user.role).toBe('sales');
  });
});
