import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createTestContext, openTestDatabase, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('platform', () => {
  it('reports health and the database kind without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Ruta no encontrada/);
  });

  it('answers broken JSON with a Spanish 400, never a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El cuerpo de la solicitud no es JSON válido');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.cl', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La solicitud es demasiado grande');
  });

  it('publishes the OpenAPI description generated from the routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/{id}']),
    );
  });
});

describe('first set-up', () => {
  it('lets anyone register the first user, who becomes admin; the next one needs an admin', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ database, demo: false });
    try {
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'duena', email: 'duena@agencia.cl', password: 'secreto123', role: 'sales' },
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().user.role).toBe('admin');
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'intruso', email: 'intruso@agencia.cl', password: 'secreto123', role: 'admin' },
      });
      expect(second.statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
