import { useMutation } from '@tanstack/react-query';
import type { SaleSaved } from '../../../../domain/sale-replies';
import type { SaleCreateBody } from '../../../../domain/sale-requests';
import { api } from '../../../api/client';
import { useSaleSaved } from './saved';

/** POST /api/sales; `saleData.status: 'draft'` saves it as a draft. */
export const createSale = (body: SaleCreateBody) => api.post<SaleSaved>('/api/sales', body);

export function useCreateSale() {
  return useMutation({ mutationFn: createSale, onSuccess: useSaleSaved() });
}
