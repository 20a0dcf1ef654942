import { endpoint } from './endpoint';
import { fileReply } from './files';

/** The content type of Prometheus' text format (version 0.0.4), which prom-client writes. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The server's metrics for Prometheus: at its conventional path, not under /api. For an admin session
 * or the METRICS_TOKEN of the environment (a scraper has no session).
 */
export const metricsApi = {
  scrape: endpoint({
    method: 'GET',
    path: '/metrics',
    // Public to the access guard, since a scraper's token is no session; the route admits an admin's
    // session or METRICS_TOKEN and answers 401 or 403 to the rest.
    access: 'public',
    replies: {
      200: fileReply('Las métricas en el formato de texto de Prometheus', [PROMETHEUS_CONTENT_TYPE]),
    },
    errors: [400, 401, 403],
  }),
};
