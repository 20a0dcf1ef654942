import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The methods the API's routes use. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * CORS for the origins of CORS_ORIGINS only: a front end served from another origin (the original
 * client, another office's screens) calls the API with its bearer token. Registered before the access
 * guard, so a 401 or 403 still carries the headers and that front end can read its message. Any other
 * origin, and every request without `Origin`, gets no CORS header at all, and its preflight is a 404.
 */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { origins: readonly string[] }) => {
  if (opts.origins.length === 0) return;
  const allowed = new Set(opts.origins);
  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: METHODS,
    allowedHeaders: ['Authorization', 'Content-Type'],
    // The catalogs' paging and the exports' file names, which a script may read only when exposed.
    exposedHeaders: ['X-Total-Count', 'Link', 'Content-Disposition'],
    // The original client sends credentials ("credentials included"): without this the browser hides
    // every answer from it, although the session travels in the Authorization header, not a cookie.
    credentials: true,
    // An OPTIONS without Access-Control-Request-Method is not a preflight; let it be answered plainly.
    strictPreflight: false,
    maxAge: 600,
  });
});
