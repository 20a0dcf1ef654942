import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app and answers every other non-API GET with index.html, so that React
 * Router handles deep links such as /sales/42 on reload.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDir: string | undefined }) => {
  const hasWeb = opts.webDir !== undefined && existsSync(opts.webDir);
  if (opts.webDir && !hasWeb) app.log.warn(`No web build at ${opts.webDir}; only the API is served`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDir as string,
      wildcard: false,
      index: false,
      // Built assets have content hashes in their names; index.html must always be revalidated.
      setHeaders: (res, filePath) =>
        res.setHeader(
          'cache-control',
          filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD answers like GET (Node leaves the body out): monitors and link checkers probe with it.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && read && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile('index.html');
    }
    // Not found today may exist after the next deploy: no browser or proxy may remember the 404.
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ message: `Ruta no encontrada: ${request.method} ${path}` });
  });
});
