import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { salesApi } from '../../../../domain/api/sales';
import { queryCall } from '../../../api/client';

/** GET /api/sales/sellers: who owns sales, for the list's seller filter. */
export const sellerFilterQuery = queryOptions({
  queryKey: ['users', 'sale-sellers'],
  queryFn: queryCall(salesApi.sellers),
  select: (body: ReplyOf<typeof salesApi.sellers>) => body.sellers,
});

/** The seller filter's options (admin and finance; a seller sees only their own sales anyway). */
export function useSellerFilterOptions(enabled: boolean) {
  return useQuery({ ...sellerFilterQuery, enabled });
}
