import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface DeclaredRepliesOptions {
  /**
   * What an answer with a status its route does not declare does: `log` an error (production), or
   * `fail` as a 500 that names the route and the status (the tests), so a route's declared errors
   * (`src/domain/api`) stay the ones it really answers.
   */
  undeclared: 'log' | 'fail';
}

/** Every 2xx-4xx answer of an API route has its status among the route's declared replies. */
export const declaredRepliesPlugin = fp<DeclaredRepliesOptions>(async (app: FastifyInstance, options) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const declared = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const status = reply.statusCode;
    if (!declared || status >= 500 || String(status) in declared) return payload;
    const message = `${request.method} ${request.routeOptions.url} respondió ${status}, que la ruta no declara`;
    request.log.error(message);
    if (options.undeclared === 'log') return payload;
    reply.code(500).type('application/json');
    return JSON.stringify({ message });
  });
});
