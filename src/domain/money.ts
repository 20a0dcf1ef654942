import { z } from 'zod';

/** Largest amount numeric(14,2) holds. */
export const MAX_AMOUNT = 999_999_999_999.99;

/**
 * A money amount from a form or JSON: a number or numeric string with at most two decimals, kept as
 * a decimal string so it reaches PostgreSQL's numeric without passing through float arithmetic.
 */
export const moneySchema = (message: string, options: { positive?: boolean } = {}) =>
  z.union([z.number(message), z.string(message)], message).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const valid = /^\d{1,12}(\.\d{1,2})?$/.test(text) && (!options.positive || Number(text) > 0);
    if (!valid) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });

/** Exact sum of decimal strings through integer cents (for the browser's running totals). */
export function sumMoney(values: readonly (string | number | null | undefined)[]): number {
  let cents = 0;
  for (const value of values) {
    const n = Number(value ?? 0);
    if (Number.isFinite(n)) cents += Math.round(n * 100);
  }
  return cents / 100;
}
