import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../../domain/api/health';
import type { DatabaseHandle } from '../../db/client';
import { routeOf } from '../../lib/route';
import type { Metrics } from '../metrics';
import { type LastBackupAt, readiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  lastBackupAt?: LastBackupAt;
  metrics: Metrics;
}> = async (app, { database, lastBackupAt, metrics }) => {
  if (lastBackupAt) {
    metrics.gauge('backup_age_seconds', 'Segundos desde el último respaldo', async () => {
      const at = await lastBackupAt();
      return at ? (Date.now() - at.getTime()) / 1000 : undefined;
    });
  }
  app.route({
    ...routeOf(healthApi.check, ['health']),
    handler: async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  });

  app.route({
    ...routeOf(healthApi.ready, ['health']),
    handler: async (_request, reply) => {
      const ready = await readiness(database.db, lastBackupAt);
      return ready.status === 'ready' ? ready : reply.status(503).send(ready);
    },
  });
};
