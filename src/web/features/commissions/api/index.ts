import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { commissionsApi } from '../../../../domain/api/commissions';
import type { CommissionRule, commissionRulesBodySchema } from '../../../../domain/commissions';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export const commissionKeys = {
  rules: ['commissions', 'rules'] as const,
  months: ['commissions', 'months'] as const,
  month: (month: string) => ['commissions', 'months', month] as const,
};

export const commissionRulesQuery = () =>
  queryOptions({
    queryKey: commissionKeys.rules,
    queryFn: async ({ signal }) => (await call(commissionsApi.rules, {}, { signal })).data,
  });

/** GET /api/commissions: a seller's reply holds only their own figures (the server filters). */
export const commissionsMonthQuery = (month: string) =>
  queryOptions({
    queryKey: commissionKeys.month(month),
    queryFn: ({ signal }) => call(commissionsApi.month, { query: { month } }, { signal }),
  });

export type CommissionRulesBody = z.input<typeof commissionRulesBodySchema>;

/** Replaces the whole list; an open month's figures follow the rules, so they are read again. */
export function useSaveCommissionRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CommissionRulesBody): Promise<CommissionRule[]> =>
      (await call(commissionsApi.saveRules, { body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(commissionKeys.rules, saved);
      return refreshAfterChange(queryClient, { queryKey: commissionKeys.months });
    },
  });
}

/** "Cerrar mes": the month is read again from what it stored, and so are later months' adjustments. */
export function useCloseCommissionMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => call(commissionsApi.close, { params: { month }, body: {} }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: commissionKeys.months }),
  });
}
