import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import { queryCall } from '../../../api/client';
import { salesKeys } from './keys';

/** GET /api/sales/:id: the sale with its client, seller, items and what has been paid. */
export const saleQuery = (id: number) =>
  queryOptions({
    queryKey: salesKeys.detail(id),
    queryFn: queryCall(salesApi.one, { params: { id } }),
  });

export function useSale(id: number) {
  return useQuery(saleQuery(id));
}
