import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogItem, CatalogKind, Client, Passenger } from '../../../domain/master-data';
import type { Role } from '../../../domain/roles';
import type { SaleData, SaleItemDetail } from '../../../domain/sales';
import type { SaleStatus } from '../../../domain/status';
import { api } from '../../api/client';
import type { ItemPayload } from './form-model';
import { type SaleListParams, sortParam } from './list-params';

export const SALES_PAGE_SIZE = 20;
/** Spec 9: the pickers load page 1 with limit 100. */
const PICKER_LIMIT = 100;

export type SaleStatusFilter = 'all' | SaleStatus;

export interface SaleClient {
  id: number;
  name: string;
  clientId: string | null;
  email: string | null;
}

export interface SaleSeller {
  id: number;
  username: string;
  email: string;
  role: Role;
}

export interface SaleSummary {
  id: number;
  status: SaleStatus;
  passengerName: string;
  clientId: number;
  sellerId: number;
  creationDate: string;
  travelDate: string;
  saleType: string;
  serviceType: string;
  region: string;
  passengerCount: number;
  currency: string;
  salePrice: number;
  totalCost: number;
  version: number;
  client: SaleClient;
  seller: SaleSeller;
}

/** A sale in the list also says what the client has paid (confirmed payments) and what is pending. */
export interface SaleListRow extends SaleSummary {
  paidAmount: number;
  pendingAmount: number;
}

export type { SaleItemDetail };

export interface SaleDetail extends SaleSummary {
  items: SaleItemDetail[];
  /** Confirmed payments only, summed by the server. */
  totalPaid: number;
  /** salePrice - totalPaid; negative is a credit in favour of the client. */
  balance: number;
}

interface SalesPage {
  sales: SaleListRow[];
  /** totalCapped: more than `total` (1,000) matches; the server stopped counting there. */
  pagination: { page: number; limit: number; total: number; totalPages: number; totalCapped: boolean };
}

export interface SaleWrite {
  saleData: SaleData;
  items: ItemPayload[];
}

interface SaleResponse {
  message: string;
  sale: SaleDetail;
}

export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (scope: 'all' | 'mine', params: SaleListParams) =>
    [...salesKeys.lists(), { scope, ...params }] as const,
  detail: (id: number) => [...salesKeys.all, 'detail', id] as const,
};

/** Sellers read their own sales (spec 2); admin and finance read them all. The server scopes anyway. */
export function useSalesList(role: Role, params: SaleListParams) {
  const scope = role === 'sales' ? 'mine' : 'all';
  return useQuery({
    queryKey: salesKeys.list(scope, params),
    queryFn: ({ signal }) =>
      api.get<SalesPage>(scope === 'mine' ? '/api/sales/my-sales' : '/api/sales', {
        signal,
        query: { ...params.filters, sort: sortParam(params.sort), page: params.page, limit: SALES_PAGE_SIZE },
      }),
    // Paging and filtering keep the previous rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });
}

/** The seller filter's options (admin and finance; a seller sees only their own sales anyway). */
export function useSellerFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'sale-sellers'],
    queryFn: ({ signal }) =>
      api.get<{ sellers: Array<{ id: number; username: string }> }>('/api/sales/sellers', { signal }),
    select: (body) => body.sellers,
    enabled,
  });
}

export const saleQuery = (id: number) =>
  queryOptions({
    queryKey: salesKeys.detail(id),
    queryFn: ({ signal }) => api.get<SaleDetail>(`/api/sales/${id}`, { signal }),
  });

export function useSale(id: number) {
  return useQuery(saleQuery(id));
}

/**
 * After a write the answer is the fresh sale, so its detail is set from it; every other view under
 * 'sales' (lists, the dashboard's figures) may show it too and is refetched. Not awaited: the caller
 * navigates at once and the lists refresh when shown.
 */
function useSaleSaved() {
  const queryClient = useQueryClient();
  return ({ sale }: SaleResponse) => {
    const detailKey = salesKeys.detail(sale.id);
    queryClient.setQueryData(detailKey, sale);
    void queryClient.invalidateQueries({
      queryKey: salesKeys.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detailKey),
    });
  };
}

export function useCreateSale() {
  const onSuccess = useSaleSaved();
  return useMutation({
    mutationFn: (body: SaleWrite) => api.post<SaleResponse>('/api/sales', body),
    onSuccess,
  });
}

export function useUpdateSale(id: number) {
  const onSuccess = useSaleSaved();
  return useMutation({
    mutationFn: (body: SaleWrite & { version: number }) => api.put<SaleResponse>(`/api/sales/${id}`, body),
    onSuccess,
  });
}

export function useChangeSaleStatus(id: number) {
  const onSuccess = useSaleSaved();
  return useMutation({
    mutationFn: (status: SaleStatus) => api.put<SaleResponse>(`/api/sales/${id}`, { status }),
    onSuccess,
  });
}

// Picker data. Keys start with the other features' roots ('clients', 'suppliers', ...) so that a record
// created or renamed there refreshes these lists too.

const CATALOG_LOAD_ERRORS: Record<CatalogKind, string> = {
  classifications: 'Error al cargar clasificaciones',
  suppliers: 'Error al cargar proveedores',
  operators: 'Error al cargar operadores',
};

/** Spec 8: a picker that fails to load is only logged; the select simply stays empty. */
async function logFailure<T>(message: string, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    console.error(message, error);
    throw error;
  }
}

export function useCatalogOptions(kind: CatalogKind) {
  return useQuery({
    queryKey: [kind, 'picker'],
    queryFn: ({ signal }) =>
      logFailure(
        CATALOG_LOAD_ERRORS[kind],
        api.get<{ data: CatalogItem[] }>(`/api/${kind}`, {
          signal,
          query: { page: 1, limit: PICKER_LIMIT },
        }),
      ),
    select: (body) => body.data,
  });
}

export function useClientSearch(q: string) {
  return useQuery({
    queryKey: ['clients', 'search', q],
    queryFn: ({ signal }) =>
      logFailure(
        'Error loading clients',
        api.get<{ clients: Client[] }>('/api/clients/search', { signal, query: { q } }),
      ),
    select: (body) => body.clients,
    placeholderData: keepPreviousData,
  });
}

export function usePassengerSearch(q: string) {
  return useQuery({
    queryKey: ['passengers', 'search', q],
    queryFn: ({ signal }) =>
      logFailure(
        'Error loading passengers',
        api.get<{ passengers: Passenger[] }>('/api/passengers/search', { signal, query: { q } }),
      ),
    select: (body) => body.passengers,
    placeholderData: keepPreviousData,
  });
}

interface UserRow {
  id: number;
  username: string;
  email: string;
  role: Role;
  isActive: boolean;
}

/** Who can be a sale's seller: active admin and sales users (the list is admin-only on the server). */
export function useSellerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'sellers'],
    queryFn: ({ signal }) =>
      logFailure(
        'Error al cargar vendedores',
        api.get<{ users: UserRow[] }>('/api/users', { signal, query: { limit: PICKER_LIMIT } }),
      ),
    select: (body) => body.users.filter((u) => u.isActive && (u.role === 'admin' || u.role === 'sales')),
    enabled,
  });
}
