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

/** A plain non-negative decimal's digits and how many of them are decimals; null for anything else. */
function scaled(text: string): { digits: bigint; scale: number } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { digits: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/**
 * An amount times its USD rate, rounded once to the cent (half away from zero, as PostgreSQL's
 * `round(amount * exchange_rate, 2)` that the payments table stores), computed exactly from the
 * decimal texts: "1000000" at "0.001052" is "1052.00". Null when either is not a plain decimal.
 * docs/decisions/0055-payments-in-any-currency.md
 */
export function usdValue(amount: string | number, rate: string | number): string | null {
  const a = scaled(String(amount));
  const r = scaled(String(rate));
  if (!a || !r) return null;
  const product = a.digits * r.digits;
  const scale = a.scale + r.scale;
  const cents =
    scale <= 2 ? product * 10n ** BigInt(2 - scale) : roundHalfUp(product, 10n ** BigInt(scale - 2));
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

const roundHalfUp = (value: bigint, divisor: bigint) => (2n * value + divisor) / (2n * divisor);

/** Whether two plain decimals are the same number ("0.00105000" and "0.00105"). */
export function sameDecimal(a: string | number, b: string | number): boolean {
  const x = scaled(String(a));
  const y = scaled(String(b));
  if (!x || !y) return false;
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
}
