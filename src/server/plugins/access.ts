import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, allows } from '../../domain/access';
import { isApiPath } from '../lib/api-paths';
import { unauthorized } from '../lib/http-errors';
import { type AuthUser, bearerToken } from './current-user';

/**
 * The access guard. Who may call a route is its endpoint's `access` (`src/domain/access.ts`), which
 * `routeOf` puts in `config.access`; an API route without it makes the app fail to start (deny by
 * default), so no route is open by omission.
 */

/**
 * Turns a bearer token into its user, or null. Sessions belong to the auth module, which hands this
 * in when the app is built: the guard checks access without knowing how sessions are stored.
 */
export type FindSessionUser = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its declared access (and whether it takes a body), for the route tests. */
    apiRoutes: { method: string; url: string; access: Access; hasBody: boolean }[];
  }
}

/** Routes that plugins register for us (Swagger UI) and that we cannot annotate. */
const PUBLIC_PREFIXES = ['/api/docs'];

export const ROLE_FORBIDDEN_MESSAGE = 'No tienes permisos para realizar esta acción';

export const accessPlugin = fp(async (app: FastifyInstance, opts: { findUser: FindSessionUser }) => {
  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    if (PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`La ruta ${methods.join(',')} ${route.url} no declara config.access`);
    const hasBody = !!route.schema?.body;
    for (const method of methods) app.apiRoutes.push({ method, url: route.url, access, hasBody });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    // Only API routes carry `access`; the web app, static files and 404s need no session.
    if (!access) return;
    // API answers belong to one user and change with every write: no browser or proxy may keep them.
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await opts.findUser(token) : null;
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (!allows(access, request.user.role)) {
      return reply.status(403).send({ message: ROLE_FORBIDDEN_MESSAGE });
    }
  });
});
