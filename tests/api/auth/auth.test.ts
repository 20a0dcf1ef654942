import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { companySettings, sessions, users } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/auth';
import { createTestContext, insertUser, type TestContext, untilRefused } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demo: true });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/login', () => {
  it('returns the public user and a token that authenticates later calls', async () => {
    const res = await login(ctx.users.sales.email.toUpperCase(), ctx.users.sales.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual(
      expect.objectContaining({ id: ctx.users.sales.id, email: ctx.users.sales.email, role: 'sales' }),
    );
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    // The original client reads data.user and data.token; the top-level copies serve the others.
    expect(body.message).toBe('Sesión iniciada');
    expect(body.data).toEqual({ user: body.user, token: body.token });
    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json().user.id).toBe(ctx.users.sales.id);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login(ctx.users.finance.email, ctx.users.finance.password)).json();
    const stored = await ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('stores passwords as argon2id with the OWASP parameters', async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.users.admin.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['a wrong password', 'admin', 'otra-clave'],
    ['an unknown e-mail', 'nobody', 'secreto123'],
  ])("refuses %s with the product's message", async (_label, who, password) => {
    const email = who === 'nobody' ? 'nadie@test.cl' : ctx.users.admin.email;
    const res = await login(email, password, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it("gives the product's validation messages and rejects unknown fields", async () => {
    const bad = await login('no-es-email', '123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ctx.users.admin.email, password: ctx.users.admin.password, role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a deactivated user with the same message', async () => {
    const user = await insertUser(ctx.db, 'sales', 'inactivo');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await login(user.email, user.password, '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = (await login(ctx.users.sales.email, ctx.users.sales.password)).json();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires after 30 minutes idle and after 12 hours in any case', async () => {
    const idleUser = await insertUser(ctx.db, 'sales', 'ocioso');
    const oldUser = await insertUser(ctx.db, 'sales', 'viejo');
    const idle = await createSession(ctx.db, idleUser.id);
    const old = await createSession(ctx.db, oldUser.id);
    expect((await me(idle)).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(sessions.userId, idleUser.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, oldUser.id));
    expect((await untilRefused(() => me(idle))).response.statusCode).toBe(401);
    expect((await untilRefused(() => me(old))).response.statusCode).toBe(401);
  });

  it('rejects a malformed or unknown bearer token with 401', async () => {
    for (const authorization of ['Bearer nope', 'Basic abc', 'Bearer']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('PUT /api/users/me', () => {
  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const user = await insertUser(ctx.db, 'sales', 'perfil');
    const first = (await login(user.email, user.password, '10.4.0.1')).json().token;
    const second = (await login(user.email, user.password, '10.4.0.1')).json().token;
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${first}` },
        payload,
      });

    const wrong = await put({ password: 'nueva-clave', currentPassword: 'mala' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    expect((await put({ password: 'nueva-clave' })).statusCode).toBe(400);

    const ok = await put({
      password: 'nueva-clave',
      currentPassword: user.password,
      username: 'perfil_nuevo',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe('perfil_nuevo');
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login(user.email, 'nueva-clave', '10.4.0.2')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/register', () => {
  it('is admin-only once users exist', async () => {
    const payload = {
      username: 'registrado',
      email: 'registrado@test.cl',
      password: 'secreto123',
      role: 'finance',
    };
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(anon.statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await ctx.auth('admin'),
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual(
      expect.objectContaining({ email: 'registrado@test.cl', role: 'finance' }),
    );
  });
});

describe('GET /api/auth/demo', () => {
  it('lists one admin and one sales account in demo mode, while the demo agency is there', async () => {
    // What the seed marks (src/server/demo/seed.ts); its removal: tests/api/company/remove-demo-data.test.ts.
    await ctx.db
      .insert(companySettings)
      .values({ id: 1, demoData: true })
      .onConflictDoUpdate({ target: companySettings.id, set: { demoData: true } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/demo' });
    expect(res.json().enabled).toBe(true);
    expect(res.json().accounts.map((a: { role: string }) => a.role)).toEqual(['admin', 'sales']);
  });

  it('shows nothing when demo mode is off', async () => {
    const app = await buildApp({ database: ctx.database, demo: false });
    const res = await app.inject({ method: 'GET', url: '/api/auth/demo' });
    expect(res.json()).toEqual({ enabled: false });
    await app.close();
  });
});
