import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportsApi } from '../../../../domain/api/reports';
import type { ReceivablesSort, ReportDateField, ReportGroup } from '../../../../domain/reports';
import { queryCall } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export interface ReceivablesFilters {
  q: string;
  sort: ReceivablesSort;
  page: number;
}

export interface SalesReportFilters {
  groupBy: ReportGroup;
  dateField: ReportDateField;
  from: string;
  to: string;
}

/**
 * Debts move with payments and sales written on other screens, whose mutations do not know these
 * keys: every visit asks the server again, and the figures on screen stay meanwhile.
 */
const FRESH = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const reportKeys = {
  all: ['reports'] as const,
  receivables: (filters: ReceivablesFilters) => [...reportKeys.all, 'receivables', filters] as const,
  receivableClient: (clientId: number) => [...reportKeys.all, 'receivable-client', clientId] as const,
  payables: (days: number) => [...reportKeys.all, 'payables', days] as const,
  sales: (filters: SalesReportFilters) => [...reportKeys.all, 'sales', filters] as const,
};

export function useReceivables(filters: ReceivablesFilters) {
  return useQuery({
    queryKey: reportKeys.receivables(filters),
    queryFn: queryCall(reportsApi.receivables, { query: { ...filters } }),
    ...FRESH,
  });
}

export function useReceivableClient(clientId: number) {
  return useQuery({
    queryKey: reportKeys.receivableClient(clientId),
    queryFn: queryCall(reportsApi.receivableClient, { params: { id: clientId } }),
    staleTime: 0,
  });
}

export function usePayables(days: number) {
  return useQuery({
    queryKey: reportKeys.payables(days),
    queryFn: queryCall(reportsApi.payables, { query: { days } }),
    ...FRESH,
  });
}

export function useSalesReport(filters: SalesReportFilters) {
  return useQuery({
    queryKey: reportKeys.sales(filters),
    queryFn: queryCall(reportsApi.sales, { query: { ...filters } }),
    ...FRESH,
  });
}

/** After a payment registered from Cobranza: the client's figures and the list change. */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  return () => refreshAfterChange(queryClient, { queryKey: reportKeys.all });
}
