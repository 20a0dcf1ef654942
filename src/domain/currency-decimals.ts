/*
 * Kept apart from currencies.ts (the ISO list with its Spanish names, ~20 KB): every money field and
 * formatter needs these few codes, and /login's bundle must not carry the whole list.
 */

/**
 * ISO 4217 currencies without minor units (CLP, JPY, ...): their amounts are whole, a conversion into
 * them rounds to the unit, and they are never written with decimals (decision 0085).
 */
const WHOLE_UNIT_CURRENCIES = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** How many decimals an amount in `code` has: 0 for pesos and the like, 2 for the others. */
export const currencyDecimals = (code: string): number => (WHOLE_UNIT_CURRENCIES.has(code) ? 0 : 2);
