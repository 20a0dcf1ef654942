import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { paymentsApi } from '../../../../domain/api/payments';
import type { PaymentReply } from '../../../../domain/payment-replies';
import type { PaymentCreate, PaymentMethod, PaymentStatus, PaymentUpdate } from '../../../../domain/payments';
import { call, queryCall } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';

export const PAYMENTS_PAGE_SIZE = 20;

/** The sale a listed payment belongs to, as GET /api/payments embeds it. */
export type PaymentSaleRef = PaymentReply['sale'];
export type PaymentListRow = PaymentReply;

export interface PaymentFilters {
  status: PaymentStatus | 'all';
  method: PaymentMethod | 'all';
  q: string;
  page: number;
}

/** A page of payments, and the sums over everything the filters match (not only this page). */
export type PaymentsPage = ReplyOf<typeof paymentsApi.list>;

export const paymentKeys = {
  all: ['payments'] as const,
  list: (filters: PaymentFilters) => [...paymentKeys.all, 'list', filters] as const,
  ofSale: (saleId: number) => [...paymentKeys.all, 'sale', saleId] as const,
};

export function usePaymentsList(filters: PaymentFilters) {
  return useQuery({
    queryKey: paymentKeys.list(filters),
    queryFn: queryCall(paymentsApi.list, {
      query: {
        status: filters.status === 'all' ? undefined : filters.status,
        method: filters.method === 'all' ? undefined : filters.method,
        q: filters.q,
        page: filters.page,
        limit: PAYMENTS_PAGE_SIZE,
      },
    }),
    // Typing, filtering and paging keep the current cards on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

/**
 * The currencies a payment may be made in, with their rates today (the base currency first). Rates
 * change seldom: a minute without refetching; the server values a payment at its own rate anyway.
 */
export function usePaymentCurrencies() {
  return useQuery({
    queryKey: [...paymentKeys.all, 'currencies'] as const,
    queryFn: queryCall(paymentsApi.currencies, {}),
    select: (body: ReplyOf<typeof paymentsApi.currencies>) => body.currencies,
    staleTime: 60_000,
  });
}

export function useSalePayments(saleId: number) {
  return useQuery({
    queryKey: paymentKeys.ofSale(saleId),
    queryFn: queryCall(paymentsApi.ofSale, { params: { saleId } }),
  });
}

/**
 * A payment changes the sale's Total Pagado and Pendiente, which the sale detail reads from
 * GET /api/sales/{id} (key ['sales', 'detail', id] of the sales feature), so every payments view and
 * every sales view is refreshed.
 */
function useInvalidateAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshAfterChange(queryClient, { queryKey: paymentKeys.all }),
      refreshAfterChange(queryClient, { queryKey: ['sales'] }),
    ]);
}

export function useCreatePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (body: PaymentCreate) => call(paymentsApi.create, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdatePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentUpdate }) =>
      call(paymentsApi.update, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

/** POST /api/payments/{id}/confirm: a pending payment becomes money received. */
export function useConfirmPayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (id: number) => call(paymentsApi.confirm, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (id: number) => call(paymentsApi.remove, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}
