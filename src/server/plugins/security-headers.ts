import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options. They do not depend on the request, so helmet writes
 * them once, on a response that is never sent, and every request copies them: @fastify/helmet built
 * helmet's middleware again (parsing the CSP) on every request, and even built once, its chain of a
 * dozen middlewares was a few per cent of a sale detail's CPU (docs/performance.md).
 */
function helmetHeaders(): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet({ hsts: false, contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } })(
    response.req,
    response,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * helmet's headers, except that HSTS and the CSP's `upgrade-insecure-requests` are sent only to a
 * request that arrived over HTTPS (`request.protocol`, which honours TRUST_PROXY's
 * X-Forwarded-Proto). Sent over plain HTTP to a host other than localhost (http://agencia.lan:3000,
 * how every other PC of the office reaches the server), they made the browser rewrite the asset URLs
 * to https and show a blank page.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders();
  const csp = headers['content-security-policy'];
  if (!csp) throw new Error('helmet did not set a Content-Security-Policy');
  const httpsHeaders = {
    ...headers,
    'strict-transport-security': HSTS,
    'content-security-policy': `${csp};upgrade-insecure-requests`,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? httpsHeaders : headers);
    done();
  });
});
