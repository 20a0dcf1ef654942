import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { companyApi } from '../../../../domain/api/company';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export const companySetupQuery = () =>
  queryOptions({
    queryKey: ['company', 'setup'] as const,
    queryFn: async ({ signal }) => (await call(companyApi.setup, {}, { signal })).data,
  });

/** "Empezar con mis datos": every list, figure and setting on screen was the demo's, so all is read again. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(companyApi.removeDemoData, { body: {} }),
    onSuccess: () => refreshAfterChange(queryClient, {}),
  });
}
