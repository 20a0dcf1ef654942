import { useQuery } from '@tanstack/react-query';
import { alertsApi } from '../../../../domain/api/alerts';
import { queryCall } from '../../../api/client';

export const alertKeys = {
  all: ['alerts'] as const,
  list: (saleId?: number) => [...alertKeys.all, saleId ?? 'all'] as const,
};

/**
 * The caller's alerts (the server scopes them), or one sale's. Payments and sales written elsewhere
 * change them, so every visit asks again.
 */
export function useAlerts(saleId?: number) {
  return useQuery({
    queryKey: alertKeys.list(saleId),
    queryFn: queryCall(alertsApi.list, { query: { saleId } }),
    staleTime: 0,
  });
}
