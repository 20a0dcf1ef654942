import { useMutation } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import type { SaleStatus } from '../../../../domain/status';
import { call } from '../../../api/client';
import { useSaleSaved } from './saved';

/** PUT /api/sales/:id with only a status: confirm, cancel or settle the sale. */
export const changeSaleStatus = (id: number, status: SaleStatus) =>
  call(salesApi.update, { params: { id }, body: { status } });

export function useChangeSaleStatus(id: number) {
  return useMutation({
    mutationFn: (status: SaleStatus) => changeSaleStatus(id, status),
    onSuccess: useSaleSaved(),
  });
}
