import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertsQuerySchema, alertsReplySchema } from '../../../domain/alerts';
import { todayIso } from '../../../domain/report-params';
import type { Database } from '../../db/client';
import { errorReplies } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { scopeFor } from '../sales';
import { loadAlerts } from './queries';

/** Admin and finance get the company's alerts, a seller those of their own sales. */
const ALL = ['admin', 'sales', 'finance'] as const;

export const alertsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/alerts',
    {
      config: { access: ALL },
      schema: {
        tags: ['alerts'],
        querystring: alertsQuerySchema,
        response: { 200: alertsReplySchema, ...errorReplies },
      },
    },
    async (request) =>
      loadAlerts(db, scopeFor(currentUser(request)), { ...request.query, today: todayIso() }),
  );
};
