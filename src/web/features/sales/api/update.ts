import { useMutation } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import { api } from '../../../api/client';
import { type SaleWrite, useSaleSaved } from './saved';

/** PUT /api/sales/:id with the whole sale, from the version the editor started with. */
export const updateSale = (id: number, body: SaleWrite & { version: number }) =>
  api.put<SaleSaved>(`/api/sales/${id}`, body);

export function useUpdateSale(id: number) {
  return useMutation({
    mutationFn: (body: SaleWrite & { version: number }) => updateSale(id, body),
    onSuccess: useSaleSaved(),
  });
}
