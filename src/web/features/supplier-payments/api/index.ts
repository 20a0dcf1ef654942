import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { suppliersApi } from '../../../../domain/api/master-data';
import { supplierPaymentsApi } from '../../../../domain/api/supplier-payments';
import type { CatalogItem } from '../../../../domain/master-data-replies';
import type {
  SupplierPaymentReply,
  SupplierSaleReply,
  SupplierStatsReply,
  SupplierSummaryReply,
} from '../../../../domain/supplier-payment-replies';
import type { SupplierPaymentData } from '../../../../domain/supplier-payments';
import { call, queryCall } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

/** The pickers load page 1 with limit 100, as the other pickers do. */
const PICKER_LIMIT = 100;

/** A sale of the supplier: its `totalCost` is this supplier's share, what the balance counts. */
export type SupplierSale = SupplierSaleReply;
/** A supplier with its sales summary; amounts are in USD. */
export type SupplierSummary = SupplierSummaryReply;
export type SupplierStats = SupplierStatsReply;
export type SupplierPayment = SupplierPaymentReply;

export type SupplierOption = CatalogItem;

/**
 * Balances move with sales created or edited in other screens, whose mutations do not know these keys,
 * so every visit asks the server again (the cached figures stay on screen meanwhile).
 */
const BALANCES_STALE_TIME = 0;

export const supplierPaymentKeys = {
  all: ['supplier-payments'] as const,
  summaries: (q: string) => [...supplierPaymentKeys.all, 'summaries', q] as const,
  stats: () => [...supplierPaymentKeys.all, 'stats'] as const,
  supplier: (id: number) => [...supplierPaymentKeys.all, 'supplier', id] as const,
  history: (id: number) => [...supplierPaymentKeys.all, 'history', id] as const,
};

export function useSupplierSummaries(q: string) {
  return useQuery({
    queryKey: supplierPaymentKeys.summaries(q),
    queryFn: queryCall(supplierPaymentsApi.balances, { query: { q } }),
    select: (body: ReplyOf<typeof supplierPaymentsApi.balances>) => body.suppliers,
    staleTime: BALANCES_STALE_TIME,
    // While a new search runs, the current cards stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useSupplierStats() {
  return useQuery({
    queryKey: supplierPaymentKeys.stats(),
    queryFn: queryCall(supplierPaymentsApi.stats),
    select: (body: ReplyOf<typeof supplierPaymentsApi.stats>) => body.stats,
    staleTime: BALANCES_STALE_TIME,
  });
}

export const supplierSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: supplierPaymentKeys.supplier(id),
    queryFn: queryCall(supplierPaymentsApi.supplier, { params: { id } }),
    staleTime: BALANCES_STALE_TIME,
  });

export function useSupplierSummary(id: number | null) {
  return useQuery({ ...supplierSummaryQuery(id ?? 0), enabled: id !== null });
}

export function useSupplierHistory(id: number) {
  return useQuery({
    queryKey: supplierPaymentKeys.history(id),
    queryFn: queryCall(supplierPaymentsApi.history, { params: { id } }),
    select: (body: ReplyOf<typeof supplierPaymentsApi.history>) => body.payments,
  });
}

/**
 * The picker's options: the first page of suppliers, or the server's name search once something is
 * typed. The key starts with 'suppliers' so that a supplier renamed in its own screen refreshes here.
 * A picker that fails to load is only logged.
 */
export function useSupplierOptions(q: string) {
  return useQuery({
    queryKey: ['suppliers', 'supplier-payment-picker', q],
    queryFn: async ({ signal }) => {
      try {
        if (!q) {
          return await call(suppliersApi.list, { query: { page: 1, limit: PICKER_LIMIT } }, { signal });
        }
        return (await call(suppliersApi.search, { query: { q } }, { signal })).suppliers;
      } catch (error) {
        console.error('Error loading suppliers', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** A payment changes balances, stats and history alike, so everything of the feature is refreshed. */
function useInvalidateSupplierPayments() {
  const queryClient = useQueryClient();
  return () => refreshAfterChange(queryClient, { queryKey: supplierPaymentKeys.all });
}

export function useCreateSupplierPayment() {
  const invalidate = useInvalidateSupplierPayments();
  return useMutation({
    mutationFn: (body: SupplierPaymentData) => call(supplierPaymentsApi.create, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSupplierPayment() {
  const invalidate = useInvalidateSupplierPayments();
  return useMutation({
    mutationFn: (id: number) => call(supplierPaymentsApi.remove, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}
