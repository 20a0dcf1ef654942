import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('admin users API', () => {
  it('creates a user who can then sign in with that role', async () => {
    const res = await call('POST', '/api/users', {
      username: 'nueva.vendedora',
      email: 'Nueva@Test.cl',
      password: 'inicial123',
      role: 'sales',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual(
      expect.objectContaining({
        username: 'nueva.vendedora',
        email: 'nueva@test.cl',
        role: 'sales',
        isActive: true,
      }),
    );
    const signedIn = await login('nueva@test.cl', 'inicial123');
    expect(signedIn.json().user.role).toBe('sales');
  });

  it('takes a name as people write it, unique ignoring case and accents', async () => {
    const create = (username: string, email: string) =>
      call('POST', '/api/users', { username, email, password: 'inicial123', role: 'sales' });
    const carolina = await create('  Carolina   Muñoz ', 'carolina@test.cl');
    expect(carolina.statusCode, carolina.body).toBe(201);
    expect(carolina.json().user.username).toBe('Carolina Muñoz');
    const signedIn = await login('carolina@test.cl', 'inicial123');
    expect(signedIn.json().user.username).toBe('Carolina Muñoz');
    // The same name without its accent or in other case is the same user.
    for (const same of ['carolina munoz', 'CAROLINA MUÑOZ']) {
      const clash = await create(same, `otra-${same.length}-${same.charCodeAt(0)}@test.cl`);
      expect(clash.statusCode, same).toBe(409);
      expect(clash.json().message).toBe('Ya existe un usuario con ese nombre de usuario');
    }
    const symbol = await create('Carolina <Muñoz>', 'simbolo@test.cl');
    expect(symbol.statusCode).toBe(400);
    expect(symbol.json().errors[0]).toMatchObject({
      path: 'username',
      message:
        'El nombre de usuario solo admite letras (también con tilde o ñ), números, espacios, punto, guion y guion bajo',
    });
  });

  it('refuses a duplicate e-mail (any case) or username with 409 and stores nothing', async () => {
    const dupEmail = await call('POST', '/api/users', {
      username: 'otro',
      email: ctx.users.sales.email.toUpperCase(),
      password: 'inicial123',
      role: 'sales',
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('Ya existe un usuario con ese email');
    const dupName = await call('POST', '/api/users', {
      username: 'SALES_BASE',
      email: 'distinto@test.cl',
      password: 'inicial123',
      role: 'sales',
    });
    expect(dupName.statusCode).toBe(409);
    const list = await call('GET', '/api/users?limit=100');
    expect(list.json().users.some((u: { email: string }) => u.email === 'distinto@test.cl')).toBe(false);
  });

  it('validates role, e-mail, password and unknown fields', async () => {
    const res = await call('POST', '/api/users', {
      username: 'x',
      email: 'malo',
      password: '1',
      role: 'boss',
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password', 'role']));
  });

  it('lists with pagination and a role filter', async () => {
    const page = await call('GET', '/api/users?page=1&limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().users).toHaveLength(2);
    const total = page.json().pagination.total;
    expect(page.json().pagination).toEqual({ page: 1, limit: 2, total, totalPages: Math.ceil(total / 2) });
    const finance = await call('GET', '/api/users?role=finance');
    expect(finance.json().users.every((u: { role: string }) => u.role === 'finance')).toBe(true);
    expect(finance.json().users.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/users?limit=101')).statusCode).toBe(400);
  });

  it('returns 404 for an unknown user', async () => {
    const res = await call('GET', '/api/users/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Usuario no encontrado');
  });

  it('deactivation signs the user out everywhere and blocks sign-in; reactivation restores it', async () => {
    const user = await insertUser(ctx.db, 'sales', 'baja');
    const { token } = (await login(user.email, user.password)).json();
    const res = await call('DELETE', `/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isActive).toBe(false);
    const meAfter = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(meAfter.statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await call('PUT', `/api/users/${user.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a password reset by an admin revokes the old sessions and sets the new password', async () => {
    const user = await insertUser(ctx.db, 'finance', 'reset');
    const { token } = (await login(user.email, user.password)).json();
    expect((await call('PUT', `/api/users/${user.id}`, { password: 'otra-clave-1' })).statusCode).toBe(200);
    const meAfter = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(meAfter.statusCode).toBe(401);
    expect((await login(user.email, 'otra-clave-1')).statusCode).toBe(200);
  });

  it('never demotes or deactivates the last active admin', async () => {
    const second = await insertUser(ctx.db, 'admin', 'segundo');
    // With two admins one may go; then the remaining one is protected.
    expect((await call('PUT', `/api/users/${second.id}`, { role: 'sales' })).statusCode).toBe(200);
    const demote = await call('PUT', `/api/users/${ctx.users.admin.id}`, { role: 'finance' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      'No se puede desactivar ni cambiar el rol del último administrador activo',
    );
    expect((await call('DELETE', `/api/users/${ctx.users.admin.id}`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/users/${ctx.users.admin.id}`, { isActive: false })).statusCode).toBe(409);
    const still = await call('GET', `/api/users/${ctx.users.admin.id}`);
    expect(still.json().user).toEqual(expect.objectContaining({ role: 'admin', isActive: true }));
  });

  it('two admins demoting each other at the same time leave one admin standing', async () => {
    const a = await insertUser(ctx.db, 'admin', 'carrera');
    const demotions = await Promise.all([
      call('PUT', `/api/users/${a.id}`, { role: 'sales' }),
      call('PUT', `/api/users/${ctx.users.admin.id}`, { role: 'sales' }),
    ]);
    const statuses = demotions.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    // Either admin may have won, so the count comes from the database rather than from the API.
    const admins = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    expect(admins).toHaveLength(1);
  });
});
