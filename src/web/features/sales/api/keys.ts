import type { SaleListParams } from '../list-params';

/** Every sales query's key starts with 'sales', so one invalidation refreshes every view of sales. */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (scope: 'all' | 'mine', params: SaleListParams) =>
    [...salesKeys.lists(), { scope, ...params }] as const,
  detail: (id: number) => [...salesKeys.all, 'detail', id] as const,
};
