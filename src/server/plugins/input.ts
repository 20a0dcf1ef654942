import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from '../../domain/input';
import { badRequest } from '../lib/http-errors';

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
 * - the spec's client sends a JSON content type on every call, bodiless DELETEs and logouts included:
 *   an empty body with that type is no body, not an error;
 * - a control character (NUL and the like; tab and line breaks are text) in any body field, query
 *   parameter or path segment is a 400 before a handler runs; PostgreSQL cannot store NUL at all.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
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
