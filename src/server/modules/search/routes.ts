import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchReplySchema } from '../../../domain/search';
import type { Database } from '../../db/client';
import { errorReplies } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { scopeFor } from '../sales';
import { globalSearch } from './queries';

/** Every role searches; what each finds is decided in globalSearch (own sales, suppliers for admin). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/search',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: {
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const results = await globalSearch(db, scopeFor(user), request.query.q, {
        suppliers: user.role === 'admin',
      });
      return { results };
    },
  );
};
