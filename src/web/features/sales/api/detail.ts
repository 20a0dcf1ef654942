import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleDetail } from '../../../../domain/sale-replies';
import { queryGet } from '../../../api/client';
import { salesKeys } from './keys';

/** GET /api/sales/:id: the sale with its client, seller, items and what has been paid. */
export const saleQuery = (id: number) =>
  queryOptions({
    queryKey: salesKeys.detail(id),
    queryFn: queryGet<SaleDetail>(`/api/sales/${id}`),
  });

export function useSale(id: number) {
  return useQuery(saleQuery(id));
}
