import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchApi } from '../../../domain/api/search';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { scopeFor } from '../sales';
import { globalSearch } from './queries';

/** Every role searches; what each finds is decided in globalSearch (own sales, suppliers for admin). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf(searchApi.search, ['search']),
    handler: async (request) => {
      const user = currentUser(request);
      const results = await globalSearch(db, scopeFor(user), request.query.q, {
        suppliers: user.role === 'admin',
      });
      return { results };
    },
  });
};
