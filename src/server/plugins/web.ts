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
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: `Ruta no encontrada: ${request.method} ${path}` });
  });
});
