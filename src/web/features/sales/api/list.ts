import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import type { Role } from '../../../../domain/roles';
import type { SaleStatus } from '../../../../domain/status';
import { queryCall } from '../../../api/client';
import { type SaleListParams, sortParam } from '../list-params';
import { salesKeys } from './keys';

export const SALES_PAGE_SIZE = 20;

export type SaleStatusFilter = 'all' | SaleStatus;

/** GET /api/sales or /api/sales/my-sales: one page of the list with the filters and sort. */
export const salesListQuery = (scope: 'all' | 'mine', params: SaleListParams) =>
  queryOptions({
    queryKey: salesKeys.list(scope, params),
    queryFn: queryCall(scope === 'mine' ? salesApi.mine : salesApi.list, {
      query: {
        ...params.filters,
        sort: sortParam(params.sort),
        page: params.page,
        limit: SALES_PAGE_SIZE,
        ...(params.after ? { after: params.after } : {}),
      },
    }),
    // Paging and filtering keep the previous rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });

/** Sellers read their own sales; admin and finance read them all. The server scopes anyway. */
export function useSalesList(role: Role, params: SaleListParams) {
  return useQuery(salesListQuery(role === 'sales' ? 'mine' : 'all', params));
}
