import { useMutation } from '@tanstack/react-query';
import { salesApi } from '../../../../domain/api/sales';
import type { SalePlanRequest } from '../../../../domain/payment-plans';
import { call } from '../../../api/client';
import { useSaleSaved } from './saved';

/** PUT /api/sales/:id/plan: the whole payment plan replaced (an empty list removes it). */
export function useSavePlan(id: number) {
  return useMutation({
    mutationFn: (instalments: SalePlanRequest['instalments']) =>
      call(salesApi.plan, { params: { id }, body: { instalments } }),
    onSuccess: useSaleSaved(),
  });
}
