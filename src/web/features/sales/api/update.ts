import { useMutation } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import type { SaleEditBody } from '../../../../domain/sale-requests';
import { api } from '../../../api/client';
import { useSaleSaved } from './saved';

/** PUT /api/sales/:id with the whole sale, from the version the editor started with. */
export const updateSale = (id: number, body: SaleEditBody & { version: number }) =>
  api.put<SaleSaved>(`/api/sales/${id}`, body);

export function useUpdateSale(id: number) {
  return useMutation({
    mutationFn: (body: SaleEditBody & { version: number }) => updateSale(id, body),
    onSuccess: useSaleSaved(),
  });
}
