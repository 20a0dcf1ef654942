import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { companyApi } from '../../domain/api/company';
import { call } from './client';
import { refreshAfterChange } from './query-client';

/**
 * The agency's preferences every screen reads (zone, large-amount threshold, whether invoices are
 * DTEs). Here rather than in a feature: Configuraciones' company and DTE sections both change them.
 */
export const AGENCY_PREFERENCES_KEY = ['company', 'preferences'] as const;

export const agencyPreferencesQuery = () =>
  queryOptions({
    queryKey: AGENCY_PREFERENCES_KEY,
    queryFn: async ({ signal }) => (await call(companyApi.preferences, {}, { signal })).data,
    staleTime: 5 * 60_000,
  });

/** After a change to the settings or the tax data: every screen reads the preferences again. */
export const refreshAgencyPreferences = (queryClient: QueryClient) =>
  refreshAfterChange(queryClient, { queryKey: AGENCY_PREFERENCES_KEY });
