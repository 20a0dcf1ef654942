import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PaymentReply,
  paymentSavedReplySchema,
  paymentsOfSaleReplySchema,
  paymentsPageReplySchema,
} from '../../../domain/payment-replies';
import type { PaymentCreate, PaymentMethod, PaymentStatus, PaymentUpdate } from '../../../domain/payments';
import { api, queryGet } from '../../api/client';

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
export type PaymentsPage = z.infer<typeof paymentsPageReplySchema>;
type SavedPayment = z.infer<typeof paymentSavedReplySchema>;

export const paymentKeys = {
  all: ['payments'] as const,
  list: (filters: PaymentFilters) => [...paymentKeys.all, 'list', filters] as const,
  ofSale: (saleId: number) => [...paymentKeys.all, 'sale', saleId] as const,
};

export function usePaymentsList(filters: PaymentFilters) {
  return useQuery({
    queryKey: paymentKeys.list(filters),
    queryFn: queryGet<PaymentsPage>('/api/payments', {
      status: filters.status === 'all' ? undefined : filters.status,
      method: filters.method === 'all' ? undefined : filters.method,
      q: filters.q,
      page: filters.page,
      limit: PAYMENTS_PAGE_SIZE,
    }),
    // Typing, filtering and paging keep the current cards on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useSalePayments(saleId: number) {
  return useQuery({
    queryKey: paymentKeys.ofSale(saleId),
    queryFn: queryGet<z.infer<typeof paymentsOfSaleReplySchema>>(`/api/payments/sale/${saleId}`),
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
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sales'] }),
    ]);
}

export function useCreatePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (body: PaymentCreate) => api.post<SavedPayment>('/api/payments', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdatePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentUpdate }) =>
      api.put<SavedPayment>(`/api/payments/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /api/payments/{id}/confirm: a pending payment becomes money received. */
export function useConfirmPayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (id: number) => api.post<SavedPayment>(`/api/payments/${id}/confirm`),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePayment() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/api/payments/${id}`),
    onSuccess: () => invalidate(),
  });
}
