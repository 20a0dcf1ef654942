import { decimalInput } from './input';

/** Largest amount numeric(14,2) holds. */
export const MAX_AMOUNT = 999_999_999_999.99;

/**
 * A money amount from a form or JSON: a number or plain decimal string with at most two decimals, kept
 * as a decimal string so it reaches PostgreSQL's numeric without passing through float arithmetic.
 * `message` is the rule's own text (the product's, docs/product.md#validation); with a `label`, too many
 * decimals and too large get messages of their own that name the field, and the largest amount a
 * numeric(14,2) column holds. A `headline` (a product text) comes first, with the reason after it
 * (decimalInput).
 */
export const moneySchema = (
  message: string,
  options: { positive?: boolean; label?: string; headline?: string } = {},
) => {
  const { label } = options;
  return decimalInput({
    invalid: message,
    headline: options.headline,
    decimals: 2,
    max: MAX_AMOUNT,
    tooBig: label ? `${label} no puede superar 999,999,999,999.99` : message,
    tooManyDecimals: label ? `${label} admite como máximo 2 decimales` : message,
    positive: options.positive,
  });
};

/** Exact sum of decimal strings through integer cents (for the browser's running totals). */
export function sumMoney(values: readonly (string | number | null | undefined)[]): number {
  let cents = 0;
  for (const value of values) {
    const n = Number(value ?? 0);
    if (Number.isFinite(n)) cents += Math.round(n * 100);
  }
  return cents / 100;
}

export { convertedValue, reciprocal, roundedDecimal, sameDecimal, usdValue } from './decimal-text';
