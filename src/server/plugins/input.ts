import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from '../../domain/input';
import { isApiPath } from '../lib/api-paths';
import { badRequest } from '../lib/http-errors';

/** Routes that plugins register for us (Swagger UI): their files take cache-busting parameters. */
const UNCHECKED_QUERY_PREFIXES = ['/api/docs'];

/**
 * The parameter names a route's querystring schema declares: the keys of its zod object, through
 * the wrappers a schema may be built with (a transform's pipe, optional, default). Undefined when
 * the schema is not an object, which stops the app at start-up rather than letting a route accept
 * any parameter.
 */
function queryKeys(schema: unknown): string[] | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'pipe') return queryKeys(def.in);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    return queryKeys(def.innerType);
  return undefined;
}

export const unknownParameterMessage = (name: string) => `Parámetro desconocido: ${name}`;

/** The path of the first string under `value` that holds a control character, if any. */
function controlCharacterPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (depth > 20 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key)) return childPath;
    const found = controlCharacterPath(child, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Input every route shares, handled once so that no route can miss it:
 * - the original client (docs/product.md#conventions) sends a JSON content type on every call, bodiless
 *   DELETEs and logouts included: an empty body with that type is no body, not an error;
 * - a control character (NUL and the like; tab and line breaks are text) in any body field, query
 *   parameter or path segment is a 400 before a handler runs; PostgreSQL cannot store NUL at all;
 * - a query parameter the route does not declare is a 400 naming it, on every API route (a route
 *   without a querystring schema takes none): a misspelt filter (`saleid` for `saleId`) must not
 *   silently return the unfiltered list.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || UNCHECKED_QUERY_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const querystring = route.schema?.querystring;
    const allowed = new Set(querystring ? queryKeys(querystring) : []);
    if (querystring && allowed.size === 0)
      throw new Error(`La ruta ${route.url} declara un querystring que no es un objeto con claves`);
    const refuseUnknown = async (request: FastifyRequest) => {
      const unknown = Object.keys(request.query as object).find((key) => !allowed.has(key));
      if (unknown === undefined) return;
      const message = unknownParameterMessage(unknown);
      throw badRequest(message, [{ path: unknown, message }]);
    };
    const own = route.preValidation;
    route.preValidation = [refuseUnknown, ...(own ? (Array.isArray(own) ? own : [own]) : [])];
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = controlCharacterPath(value, '');
      if (path !== undefined) {
        throw badRequest(CONTROL_CHARACTERS_MESSAGE, [
          { path: path || part, message: CONTROL_CHARACTERS_MESSAGE },
        ]);
      }
    }
  });
});
