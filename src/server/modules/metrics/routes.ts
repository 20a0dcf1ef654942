import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsApi } from '../../../domain/api/metrics';
import type { DatabaseHandle } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { bearerToken } from '../../plugins/current-user';
import type { Metrics } from './registry';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the bearer token is METRICS_TOKEN, in a time that does not depend on where they differ. */
function isMetricsToken(header: string | undefined, token: string | undefined): boolean {
  const bearer = bearerToken(header);
  return !!token && !!bearer && timingSafeEqual(digest(bearer), digest(token));
}

/** The pool's connections on PostgreSQL (PGlite has none): a pool always full is the first bottleneck. */
function poolGauges(metrics: Metrics, database: DatabaseHandle) {
  const { poolUse } = database;
  if (!poolUse) return;
  metrics.gauge('db_pool_connections', 'Conexiones abiertas del pool de PostgreSQL', () => poolUse().total);
  metrics.gauge('db_pool_idle_connections', 'Conexiones libres del pool de PostgreSQL', () => poolUse().idle);
  metrics.gauge(
    'db_pool_waiting_requests',
    'Consultas esperando una conexión del pool',
    () => poolUse().waiting,
  );
}

/**
 * GET /metrics for Prometheus. Who may read it is checked here, so the endpoint is public to the
 * guard: a scraper sends METRICS_TOKEN, which is no session; without it only an admin's session may read.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{
  metrics: Metrics;
  database: DatabaseHandle;
  token: string | undefined;
}> = async (app, { metrics, database, token }) => {
  poolGauges(metrics, database);
  app.route({
    ...routeOf(metricsApi.scrape, ['metrics']),
    handler: async (request, reply) => {
      if (!isMetricsToken(request.headers.authorization, token)) {
        if (!request.user) throw unauthorized();
        if (request.user.role !== 'admin') throw forbidden();
      }
      return reply
        .header('content-type', metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  });
};
