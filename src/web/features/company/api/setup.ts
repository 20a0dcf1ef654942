import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { companyApi } from '../../../../domain/api/company';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export const companySetupQuery = () =>
  queryOptions({
    queryKey: ['company', 'setup'] as const,
    queryFn: async ({ signal }) => (await call(companyApi.setup, {}, { signal })).data,
    // Each step is read off the database however it was done (Mi cuenta, Usuarios, Importar): kept for
    // the next visit, the dashboard would show a step or the red warning already dealt with.
    gcTime: 0,
  });

/** "Empezar con mis datos": every list, figure and setting on screen was the demo's, so all is read again. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    // The server answers only after a backup of everything has been written and verified, which takes
    // longer than the usual request's patience on a big or busy agency: it is waited for, not given up.
    mutationFn: () => call(companyApi.removeDemoData, { body: {} }, { noTimeout: true }),
    onSuccess: () => refreshAfterChange(queryClient, {}),
  });
}
