import { useMutation } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import { api } from '../../../api/client';
import { type SaleWrite, useSaleSaved } from './saved';

/** POST /api/sales. */
export const createSale = (body: SaleWrite) => api.post<SaleSaved>('/api/sales', body);

export function useCreateSale() {
  return useMutation({ mutationFn: createSale, onSuccess: useSaleSaved() });
}
