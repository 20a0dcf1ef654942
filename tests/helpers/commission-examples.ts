import { commissionsApi } from '../../src/domain/api/commissions';
import type { ExampleEntry } from './route-examples';

let year = 2000;

/**
 * The example calls of the seller commissions (docs/decisions/0100-seller-commissions.md). Each close
 * takes a month of its own, long ended and never closed, so the examples run in any order and again.
 */
export function commissionExamples(refs: { classificationId: number; sellerId: number }): ExampleEntry[] {
  const rules = {
    rules: [
      { percent: 5, base: 'margin' },
      { sellerId: refs.sellerId, percent: '7.5', base: 'sale' },
      { sellerId: refs.sellerId, classificationId: refs.classificationId, percent: 10, base: 'margin' },
    ],
  };
  return [
    [commissionsApi.rules, async () => ({ url: '/api/company/commission-rules', as: 'finance' })],
    [commissionsApi.saveRules, async () => ({ url: '/api/company/commission-rules', body: rules })],
    [commissionsApi.month, async () => ({ url: '/api/commissions?month=2031-01', as: 'sales' })],
    [
      commissionsApi.export,
      async () => ({ url: '/api/commissions/export?month=2031-01&format=csv', as: 'finance' }),
    ],
    [commissionsApi.close, async () => ({ url: `/api/commissions/${++year}-06/close`, body: {} })],
  ];
}
