import { type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { ConnectionError, errorStatus } from './client';

/** How often a lost connection is retried before the error state shows, about 3.5 s in all. */
const NETWORK_RETRIES = 3;

/**
 * An HTTP answer is the server's word: a 4xx will not change on a second try and a 5xx gets one quick
 * retry, so the error state shows within about a second. A request that got no answer at all (network
 * loss) keeps retrying with growing pauses, since the connection often comes back by itself.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A request that hung until the client's timeout already made the person wait: "Reintentar" is theirs.
  if (error instanceof ConnectionError && error.timedOut) return false;
  const status = errorStatus(error);
  if (status === undefined) return failureCount < NETWORK_RETRIES;
  return status >= 500 && failureCount < 1;
}

export function retryDelay(failureCount: number, error: unknown): number {
  return errorStatus(error) === undefined ? 500 * 2 ** failureCount : 300;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
    },
  });
}

/**
 * After a change on the server: everything cached under `filters` is stale, and what is on screen is
 * read again. Fetches under way are cancelled first. TanStack Query's invalidation lets a query's
 * first fetch finish instead of refetching (a search typed just before a delete has no data yet), and
 * that answer, read before the change, would stay on screen: the deleted row kept showing.
 */
export async function refreshAfterChange(queryClient: QueryClient, filters: InvalidateQueryFilters) {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
