import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { saleSellersSchema } from '../../../../domain/sale-replies';
import { queryGet } from '../../../api/client';

/** GET /api/sales/sellers: who owns sales, for the list's seller filter. */
export const sellerFilterQuery = queryOptions({
  queryKey: ['users', 'sale-sellers'],
  queryFn: queryGet<z.infer<typeof saleSellersSchema>>('/api/sales/sellers'),
  select: (body) => body.sellers,
});

/** The seller filter's options (admin and finance; a seller sees only their own sales anyway). */
export function useSellerFilterOptions(enabled: boolean) {
  return useQuery({ ...sellerFilterQuery, enabled });
}
