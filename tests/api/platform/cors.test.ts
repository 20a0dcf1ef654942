import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * CORS_ORIGINS lets a front end served from another origin (the original client on its dev server)
 * call the API with its bearer token; any other origin gets no CORS header, so its browser refuses.
 */
const LISTED = 'http://otra-oficina.lan:5173';
const UNLISTED = 'http://intruso.example';

let ctx: TestContext;
let withCors: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  withCors = await buildApp({ database: ctx.database, demo: false, corsOrigins: [LISTED] });
});
afterAll(async () => {
  await withCors.close();
  await ctx.close();
});

const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/sales',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

const getSales = async (app: FastifyInstance, origin: string) =>
  app.inject({ method: 'GET', url: '/api/sales', headers: { origin, ...(await ctx.auth('admin')) } });

describe('a listed origin', () => {
  it('gets a preflight that allows the API methods and the Authorization and Content-Type headers', async () => {
    const res = await preflight(withCors, LISTED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    expect(String(res.headers['access-control-allow-headers'])).toBe('Authorization, Content-Type');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toContain('Origin');
  });

  it('reads the answer of a call with its bearer token, and the catalogs paging headers', async () => {
    const res = await getSales(withCors, LISTED);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    const catalogs = await withCors.inject({
      method: 'GET',
      url: '/api/suppliers?page=1&limit=5',
      headers: { origin: LISTED, ...(await ctx.auth('sales')) },
    });
    expect(String(catalogs.headers['access-control-expose-headers'])).toContain('X-Total-Count');
    expect(String(catalogs.headers['access-control-expose-headers'])).toContain('Link');
  });

  it('can read a 401 too, so its client can send the person to its login', async () => {
    const res = await withCors.inject({ method: 'GET', url: '/api/sales', headers: { origin: LISTED } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
  });
});

describe('an unlisted origin', () => {
  it('gets no Access-Control-Allow-Origin on the preflight, which is refused', async () => {
    const res = await preflight(withCors, UNLISTED);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('gets no CORS header on the actual request', async () => {
    const res = await getSales(withCors, UNLISTED);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('without CORS_ORIGINS (the default)', () => {
  it('sends no CORS header to anyone', async () => {
    expect((await preflight(ctx.app, LISTED)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await getSales(ctx.app, LISTED)).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS in the configuration', () => {
  it('is empty by default and a trimmed list of origins when set', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ` ${LISTED} , https://agencia.cl ` }).corsOrigins).toEqual([
      LISTED,
      'https://agencia.cl',
    ]);
  });

  it('stops the start with a clear message for something that is not an origin', () => {
    for (const bad of [
      'agencia.cl',
      'https://agencia.cl/',
      'https://agencia.cl/app',
      'ftp://agencia.cl',
      '*',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(
        new RegExp(`CORS_ORIGINS: "${bad.replace(/[.*/]/g, '\\$&')}" no es un origen válido`),
      );
    }
  });
});
