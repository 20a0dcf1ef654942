import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import type { Metrics } from './registry';

/** Seconds: a read answers in milliseconds, a large export in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The latency of every request by route pattern, method and status class; the histogram's count is
 * the request rate. Labels are never the raw URL (ids and queries would make a series per record);
 * a request no route matched is `unmatched`. One observation per request, nothing else.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP por ruta, método y clase de estado',
    labelNames: ['method', 'route', 'status_class'],
    buckets: BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
