import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/** The platform's edges: the docs over plain HTTP, over-long URLs, the 404's caching, HEAD /. */
let ctx: TestContext;
let withWeb: FastifyInstance;
const webDir = mkdtempSync(path.join(tmpdir(), 'web-'));
beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Agencia</title>');
  ctx = await createTestContext();
  withWeb = await buildApp({ database: ctx.database, demo: false, webDir });
});
afterAll(async () => {
  await withWeb.close();
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('/api/docs over plain HTTP by a LAN name', () => {
  it('has a CSP that does not upgrade its scripts to https (which left the page blank)', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/static/swagger-ui.css']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { host: 'agencia.lan:3000' } });
      expect(res.statusCode, url).toBeLessThan(400);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });
});

/** A raw request over a real socket: Node's own parser refuses an over-long URL before Fastify. */
function rawGet(app: FastifyInstance, url: string) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('a URL over the limits', () => {
  it('a 20 KB query string over a real socket: 431 with a Spanish { message }', async () => {
    const listening = await buildApp({ database: ctx.database, demo: false });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await rawGet(listening, `/api/sales?q=${'a'.repeat(20 * 1024)}`);
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({
        message: 'La dirección o los encabezados de la solicitud son demasiado largos',
      });
      // The server still answers the next request.
      expect((await rawGet(listening, '/api/health')).status).toBe(200);
    } finally {
      await listening.close();
    }
  });

  it('a path segment over the router limit: 414 with a Spanish { message }', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sales/${'9'.repeat(200)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'La dirección de la solicitud es demasiado larga' });
  });
});

describe('the unknown-route 404', () => {
  it('is no-store, for the API and for a missing file', async () => {
    for (const url of ['/api/no-existe', '/logo-inexistente.png']) {
      const res = await withWeb.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.json().message, url).toMatch(/^Ruta no encontrada/);
    }
  });
});

describe('HEAD /', () => {
  it('answers like GET /: 200, the same headers, no body', async () => {
    const get = await withWeb.inject({ method: 'GET', url: '/' });
    const head = await withWeb.inject({ method: 'HEAD', url: '/' });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'cache-control', 'content-security-policy']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });
});
