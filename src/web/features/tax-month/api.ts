import { queryOptions } from '@tanstack/react-query';
import { taxMonthApi } from '../../../domain/api/tax-month';
import { call } from '../../api/client';

/** GET /api/reports/tax-month as JSON: the month's figures, computed by the server from the stored documents. */
export const taxMonthQuery = (month: string) =>
  queryOptions({
    queryKey: ['tax-month', month] as const,
    queryFn: async ({ signal }) => (await call(taxMonthApi.month, { query: { month } }, { signal })).data,
  });
