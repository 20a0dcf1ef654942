import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { companyApi } from '../../../../domain/api/company';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import type { CompanySettings, CurrencyRate, currencyRateSchema } from '../../../../domain/company';
import { refreshAgencyPreferences } from '../../../api/agency-preferences';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export type StoredCompanySettings = ReplyOf<typeof companyApi.settings>['data'];

export type CurrencyRateData = z.output<typeof currencyRateSchema>;

export const companyKeys = {
  rates: ['company', 'currency-rates'] as const,
  settings: ['company', 'settings'] as const,
};

export const currencyRatesQuery = () =>
  queryOptions({
    queryKey: companyKeys.rates,
    queryFn: async ({ signal }) => (await call(companyApi.rates, {}, { signal })).data,
  });

export const companySettingsQuery = () =>
  queryOptions({
    queryKey: companyKeys.settings,
    queryFn: async ({ signal }) => (await call(companyApi.settings, {}, { signal })).data,
  });

/** Puts the server's copy of one rate into the cached list, so the row changes without a refetch. */
function useRefreshRates() {
  const queryClient = useQueryClient();
  return (saved?: CurrencyRate) => {
    if (saved) {
      queryClient.setQueryData<CurrencyRate[]>(companyKeys.rates, (rates) =>
        rates?.map((rate) => (rate.id === saved.id ? saved : rate)),
      );
    }
    // Still refetched: a new rate has to find its place in the server's order.
    return refreshAfterChange(queryClient, { queryKey: companyKeys.rates });
  };
}

/** Creates (no id) or updates (with id) a rate. The currency is locked on edit: the server refuses it. */
export function useSaveRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: CurrencyRateData }) => {
      const response =
        id === undefined
          ? await call(companyApi.createRate, { body })
          : await call(companyApi.updateRate, {
              params: { id },
              // Either side of the rate, or none (only the flag changes); never the locked currency.
              body: { rate: body.rate, unitsPerUsd: body.unitsPerUsd, isActive: body.isActive },
            });
      return response.data;
    },
    onSuccess: (saved) => refresh(saved),
  });
}

export function useToggleRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: async (id: number) => (await call(companyApi.toggleRate, { params: { id } })).data,
    onSuccess: (saved) => refresh(saved),
  });
}

export function useDeleteRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: (id: number) => call(companyApi.removeRate, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanySettings) => (await call(companyApi.saveSettings, { body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(companyKeys.settings, saved);
      // The zone and the threshold are read by every screen through the preferences.
      return refreshAgencyPreferences(queryClient);
    },
  });
}
