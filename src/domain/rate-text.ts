import { BASE_CURRENCY } from './company';
import { formatRate, type NumberFormat, styled } from './format';

/**
 * The rates table's row text (docs/product.md#company-settings): '1 unit = rate USD', with the rate to four
 * decimals, in the agency's number format ('1 CLP = 0.0011 USD', `es` '1 CLP = 0,0011 USD').
 */
export function rateEquation(currency: string, rate: number | string, style: NumberFormat = 'en'): string {
  return `1 ${currency} = ${formatRate(rate, style)} ${BASE_CURRENCY}`;
}

/** en-US grouping of a whole number of units: 1234567 -> "1,234,567". */
const thousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * numerator ÷ denominator (both positive) written in `style`, exactly: two decimals from 1 up,
 * otherwise enough decimals to show four significant digits (about as many zeros after the point as
 * the denominator has digits beyond the numerator's, then four digits: 1 ÷ 1,000 gives 0.001000).
 */
function quotientText(numerator: bigint, denominator: bigint, style: NumberFormat): string {
  let decimals = 2;
  if (numerator < denominator) {
    decimals = Math.max(String(denominator).length - String(numerator).length - 1, 0) + 4;
  }
  const scaledUp = numerator * 10n ** BigInt(decimals);
  const rounded = String((2n * scaledUp + denominator) / (2n * denominator)).padStart(decimals + 1, '0');
  const whole = rounded.slice(0, -decimals);
  return styled(`${thousands(whole)}.${rounded.slice(-decimals)}`, style);
}

/** A plain positive decimal's digits and 10^decimals; null for anything else. */
function decimalParts(value: number | string): { digits: bigint; one: bigint } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) return null;
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1]}${fraction}`);
  return digits === 0n ? null : { digits, one: 10n ** BigInt(fraction.length) };
}

/**
 * How many units one USD buys ("952.38", `es` "952,38"), computed exactly from the rate's decimal
 * text (no float division): two decimals from 1 up, otherwise enough decimals to show four
 * significant digits. Null for a rate that is not a plain positive decimal.
 */
export function inverseRateValue(rate: number | string, style: NumberFormat = 'en'): string | null {
  const parts = decimalParts(rate);
  // 1 / (digits / 10^f) = 10^f / digits.
  return parts && quotientText(parts.one, parts.digits, style);
}

/**
 * Units per USD as they were kept (not worked out from the rate), written the same way:
 * '1 USD = 945.00 CLP' (`es` '1 USD = 945,00 CLP'); null when the value cannot be read.
 * docs/decisions/0086-rates-the-way-chile-says-them.md, 0089-number-format-setting.md
 */
export function unitsPerUsdEquation(
  currency: string,
  unitsPerUsd: number | string,
  style: NumberFormat = 'en',
): string | null {
  const parts = decimalParts(unitsPerUsd);
  return parts && `1 ${BASE_CURRENCY} = ${quotientText(parts.digits, parts.one, style)} ${currency}`;
}

/** The inverse of a rate, e.g. '1 USD = 952.38 CLP' (`es` '1 USD = 952,38 CLP'); null when the rate cannot be read. */
export function inverseRateEquation(
  currency: string,
  rate: number | string,
  style: NumberFormat = 'en',
): string | null {
  const value = inverseRateValue(rate, style);
  return value === null ? null : `1 ${BASE_CURRENCY} = ${value} ${currency}`;
}
