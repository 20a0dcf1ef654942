import { BASE_CURRENCY } from './company';
import { formatRate } from './format';

/**
 * The rates table's row text (docs/product.md#company-settings): '1 unit = rate USD', with the rate to four
 * decimals.
 */
export function rateEquation(currency: string, rate: number | string): string {
  return `1 ${currency} = ${formatRate(rate)} ${BASE_CURRENCY}`;
}

/** Chilean grouping of a whole number of units: 1234567 -> "1.234.567". */
const chileanThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * How many units one USD buys, written the Chilean way ("952,38"), computed exactly from the rate's
 * decimal text (no float division): two decimals from 1 up, otherwise enough decimals to show four
 * significant digits. Null for a rate that is not a plain positive decimal.
 */
export function inverseRateValue(rate: number | string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(rate));
  if (!match) return null;
  const fraction = match[2] ?? '';
  const scaled = BigInt(`${match[1]}${fraction}`);
  if (scaled === 0n) return null;
  // 1 / (scaled / 10^f) = 10^f / scaled.
  const one = 10n ** BigInt(fraction.length);
  let decimals = 2;
  if (one < scaled) {
    // Below 1: about as many zeros after the comma as the rate has whole digits beyond one, then
    // four significant digits (a rate of 1,000 gives 0,001000).
    decimals = Math.max(String(scaled).length - String(one).length - 1, 0) + 4;
  }
  const numerator = one * 10n ** BigInt(decimals);
  const rounded = String((2n * numerator + scaled) / (2n * scaled)).padStart(decimals + 1, '0');
  const whole = rounded.slice(0, -decimals);
  return `${chileanThousands(whole)},${rounded.slice(-decimals)}`;
}

/** The inverse of a rate, e.g. '1 USD = 952,38 CLP'; null when the rate cannot be read. */
export function inverseRateEquation(currency: string, rate: number | string): string | null {
  const value = inverseRateValue(rate);
  return value === null ? null : `1 ${BASE_CURRENCY} = ${value} ${currency}`;
}
