import { useQueryClient } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import { refreshAfterChange } from '../../../api/query-client';
import { salesKeys } from './keys';

/**
 * After a write the answer is the fresh sale, so its detail is set from it; every other view under
 * 'sales' (lists, the dashboard's figures) may show it too and is refetched. Not awaited: the caller
 * navigates at once and the lists refresh when shown.
 */
export function useSaleSaved() {
  const queryClient = useQueryClient();
  return ({ sale }: SaleSaved) => {
    const detailKey = salesKeys.detail(sale.id);
    queryClient.setQueryData(detailKey, sale);
    void refreshAfterChange(queryClient, {
      queryKey: salesKeys.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detailKey),
    });
  };
}
