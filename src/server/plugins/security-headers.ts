import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * helmet's headers, except that HSTS and the CSP's `upgrade-insecure-requests` are sent only to a
 * request that arrived over HTTPS (`request.protocol`, which honours TRUST_PROXY's
 * X-Forwarded-Proto). Sent over plain HTTP to a host other than localhost (http://agencia.lan:3000,
 * how every other PC of the office reaches the server), they made the browser rewrite the asset URLs
 * to https and show a blank page.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    hsts: false,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  // helmet writes its headers on the raw response in its own onRequest hook, registered just above.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.raw.setHeader('strict-transport-security', HSTS);
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
  });
});
