import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Headers that decide whether the app works on the office network: over plain HTTP (any host name or
 * LAN address) nothing may tell the browser to switch to HTTPS; API answers are never cached.
 */
let ctx: TestContext;
let behindProxy: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  behindProxy = await buildApp({ database: ctx.database, demo: false, trustProxy: true });
});
afterAll(async () => {
  await behindProxy.close();
  await ctx.close();
});

const health = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/health', headers: { host: 'agencia.lan:3000', ...headers } });

describe('HTTPS-only headers', () => {
  it('over plain HTTP: a CSP without upgrade-insecure-requests, and no HSTS', async () => {
    const res = await health(ctx.app);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('X-Forwarded-Proto is ignored unless TRUST_PROXY says the proxy is ours', async () => {
    const res = await health(ctx.app, { 'x-forwarded-proto': 'https' });
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy that received HTTPS: both are sent', async () => {
    const res = await health(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(String(res.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await health(behindProxy, { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("helmet's headers", () => {
  // Written once at start-up and copied to every reply (src/server/plugins/security-headers.ts).
  const EXPECTED = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
  };

  it('reach a success, a refusal, an error and a path no route knows, and no X-Powered-By', async () => {
    const replies = [
      await health(ctx.app),
      await ctx.app.inject({ method: 'GET', url: '/api/sales' }),
      await ctx.app.inject({ method: 'GET', url: '/api/sales?page=0', headers: await ctx.auth('admin') }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 400, 404]);
    for (const res of replies) {
      expect(res.headers, res.body).toMatchObject(EXPECTED);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('Cache-Control', () => {
  it('authenticated API answers, errors and the sign-in carry no-store', async () => {
    const headers = await ctx.auth('admin');
    for (const url of ['/api/sales', '/api/users/me', '/api/clients', '/api/sales/999999']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ctx.users.sales.email, password: ctx.users.sales.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
