import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../../domain/api/health';
import type { DatabaseHandle } from '../../db/client';
import { routeOf } from '../../lib/route';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.route({
    ...routeOf(healthApi.check, ['health']),
    config: { access: 'public' },
    handler: async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  });
};
