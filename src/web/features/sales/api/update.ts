import { useMutation } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import type { SaleEditBody } from '../../../../domain/sale-requests';
import { call } from '../../../api/client';
import { useSaleSaved } from './saved';

/** PUT /api/sales/:id with the whole sale, from the version the editor started with. */
export const updateSale = (id: number, body: SaleEditBody & { version: number }) =>
  call(salesApi.update, { params: { id }, body });

export function useUpdateSale(id: number) {
  return useMutation({
    mutationFn: (body: SaleEditBody & { version: number }) => updateSale(id, body),
    onSuccess: useSaleSaved(),
  });
}
