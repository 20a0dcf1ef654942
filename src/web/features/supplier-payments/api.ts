import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleStatus } from '../../../domain/status';
import type { SupplierPaymentData } from '../../../domain/supplier-payments';
import { api } from '../../api/client';

const BASE = '/api/supplier-payments';
/** Spec 9: pickers load page 1 with limit 100. */
const PICKER_LIMIT = 100;

export interface SupplierSale {
  id: number;
  passengerName: string;
  status: SaleStatus;
  totalCost: number;
  /** This supplier's share of the sale's cost: what the balance counts. */
  supplierCost: number;
  creationDate: string;
}

/** Spec 3, "Supplier with sales summary"; amounts are in USD. */
export interface SupplierSummary {
  supplierId: number;
  supplierName: string;
  currency: string;
  totalAmount: number;
  paidAmount: number;
  pendingAmount: number;
  salesCount: number;
  sales: SupplierSale[];
}

export interface SupplierStats {
  totalPending: number;
  suppliersWithPending: number;
  activeSuppliers: number;
  totalSales: number;
}

export interface SupplierPayment {
  id: number;
  supplierId: number;
  supplierName: string;
  amount: number;
  currency: string;
  rateToUsd: number;
  amountUsd: number;
  paymentDate: string;
  description: string;
  paymentMethod: string;
  reference: string | null;
  relatedSales: Array<{ id: number; passengerName: string }>;
  createdAt: string;
}

export interface SupplierOption {
  id: number;
  name: string;
}

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
    queryFn: ({ signal }) =>
      api.get<{ suppliers: SupplierSummary[] }>(`${BASE}/suppliers/sales`, { signal, query: { q } }),
    select: (body) => body.suppliers,
    staleTime: BALANCES_STALE_TIME,
    // While a new search runs, the current cards stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useSupplierStats() {
  return useQuery({
    queryKey: supplierPaymentKeys.stats(),
    queryFn: ({ signal }) => api.get<{ stats: SupplierStats }>(`${BASE}/stats`, { signal }),
    select: (body) => body.stats,
    staleTime: BALANCES_STALE_TIME,
  });
}

export const supplierSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: supplierPaymentKeys.supplier(id),
    queryFn: ({ signal }) => api.get<SupplierSummary>(`${BASE}/supplier/${id}/sales`, { signal }),
    staleTime: BALANCES_STALE_TIME,
  });

export function useSupplierSummary(id: number | null) {
  return useQuery({ ...supplierSummaryQuery(id ?? 0), enabled: id !== null });
}

export function useSupplierHistory(id: number) {
  return useQuery({
    queryKey: supplierPaymentKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<{ payments: SupplierPayment[] }>(`${BASE}/supplier/${id}/history`, { signal }),
    select: (body) => body.payments,
  });
}

/**
 * The picker's options: the first page of suppliers, or the server's name search once something is
 * typed. The key starts with 'suppliers' so that a supplier renamed in its own screen refreshes here.
 * Spec 8: a picker that fails to load is only logged.
 */
export function useSupplierOptions(q: string) {
  return useQuery({
    queryKey: ['suppliers', 'supplier-payment-picker', q],
    queryFn: async ({ signal }) => {
      try {
        if (!q) {
          const body = await api.get<{ data: SupplierOption[] }>('/api/suppliers', {
            signal,
            query: { page: 1, limit: PICKER_LIMIT },
          });
          return body.data;
        }
        const body = await api.get<{ suppliers: SupplierOption[] }>('/api/suppliers/search', {
          signal,
          query: { q },
        });
        return body.suppliers;
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
  return () => queryClient.invalidateQueries({ queryKey: supplierPaymentKeys.all });
}

export function useCreateSupplierPayment() {
  const invalidate = useInvalidateSupplierPayments();
  return useMutation({
    mutationFn: (body: SupplierPaymentData) =>
      api.post<{ message: string; payment: SupplierPayment }>(BASE, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSupplierPayment() {
  const invalidate = useInvalidateSupplierPayments();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`${BASE}/${id}`),
    onSuccess: () => invalidate(),
  });
}
