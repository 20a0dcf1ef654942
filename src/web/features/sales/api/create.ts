import { useMutation } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import type { SaleCreateBody } from '../../../../domain/sale-requests';
import { call } from '../../../api/client';
import { useSaleSaved } from './saved';

/** POST /api/sales; `saleData.status: 'draft'` saves it as a draft. */
export const createSale = (body: SaleCreateBody) => call(salesApi.create, { body });

export function useCreateSale() {
  return useMutation({ mutationFn: createSale, onSuccess: useSaleSaved() });
}
