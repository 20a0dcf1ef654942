import { metricsApi } from '../../domain/api/metrics';

/**
 * The routes the API's rules cover (declared access, no caching, unknown query parameters refused):
 * everything under /api, and /metrics, which sits at Prometheus' conventional path instead.
 */
export const isApiPath = (url: string) => url.startsWith('/api') || url === metricsApi.scrape.path;
