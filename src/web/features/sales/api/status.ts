import { useMutation } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import type { SaleStatus } from '../../../../domain/status';
import { api } from '../../../api/client';
import { useSaleSaved } from './saved';

/** PUT /api/sales/:id with only a status: confirm, cancel or settle the sale. */
export const changeSaleStatus = (id: number, status: SaleStatus) =>
  api.put<SaleSaved>(`/api/sales/${id}`, { status });

export function useChangeSaleStatus(id: number) {
  return useMutation({
    mutationFn: (status: SaleStatus) => changeSaleStatus(id, status),
    onSuccess: useSaleSaved(),
  });
}
