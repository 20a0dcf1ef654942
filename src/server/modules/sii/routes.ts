import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siiApi } from '../../../domain/api/sii';
import type { Database } from '../../db/client';
import { refuseJsonNull } from '../../lib/optional-body';
import { routeOf } from '../../lib/route';
import { auditActor } from '../audit';
import { retrySiiSubmission } from './retry';

/** The SII's outbox (decisions 0066, 0070): acting on a submission is the admin's, as the DTE setup is. */
export const siiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf(siiApi.retry, ['sii']),
    preValidation: refuseJsonNull,
    handler: async (request) => retrySiiSubmission(db, request.params.id, auditActor(request)),
  });
};
