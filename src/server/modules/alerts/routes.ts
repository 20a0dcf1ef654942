import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyToday } from '../../../domain/agency-day';
import { alertsApi } from '../../../domain/api/alerts';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { agencyPreferences } from '../company';
import { scopeFor } from '../sales';
import { loadAlerts } from './queries';

export const alertsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf(alertsApi.list, ['alerts']),
    handler: async (request) => {
      // One cached read (the agency's preferences): no query of its own per request.
      const { timeZone, numberFormat } = await agencyPreferences(db);
      return loadAlerts(db, scopeFor(currentUser(request)), {
        ...request.query,
        // The agency's day: at 23:30 in Santiago it is still today there, though tomorrow in UTC.
        today: agencyToday(timeZone),
        numberFormat,
      });
    },
  });
};
