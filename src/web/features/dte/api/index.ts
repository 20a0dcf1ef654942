import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dteApi } from '../../../../domain/api/dte';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import type { CompanyTax } from '../../../../domain/dte';
import { refreshAgencyPreferences } from '../../../api/agency-preferences';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export type StoredCompanyTax = NonNullable<ReplyOf<typeof dteApi.tax>['data']>;
export type CertificateStatus = NonNullable<ReplyOf<typeof dteApi.certificate>['data']>;
export type StoredCaf = ReplyOf<typeof dteApi.cafs>['data'][number];

export const dteKeys = {
  tax: ['dte', 'tax'] as const,
  certificate: ['dte', 'certificate'] as const,
  cafs: ['dte', 'cafs'] as const,
};

/** The tax data, null until first saved. */
export const companyTaxQuery = () =>
  queryOptions({
    queryKey: dteKeys.tax,
    queryFn: async ({ signal }) => (await call(dteApi.tax, {}, { signal })).data ?? null,
  });

export const certificateQuery = () =>
  queryOptions({
    queryKey: dteKeys.certificate,
    queryFn: async ({ signal }) => (await call(dteApi.certificate, {}, { signal })).data ?? null,
  });

export const cafsQuery = () =>
  queryOptions({
    queryKey: dteKeys.cafs,
    queryFn: async ({ signal }) => (await call(dteApi.cafs, {}, { signal })).data,
  });

export function useSaveCompanyTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyTax) => (await call(dteApi.saveTax, { body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(dteKeys.tax, saved ?? null);
      // From now on "Generar Factura" issues DTEs, with their preview.
      return refreshAgencyPreferences(queryClient);
    },
  });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { file: string; password: string }) =>
      (await call(dteApi.uploadCertificate, { body })).data,
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: dteKeys.certificate }),
  });
}

export function useUploadCaf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (xml: string) => (await call(dteApi.uploadCaf, { body: { xml } })).data,
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: dteKeys.cafs }),
  });
}
