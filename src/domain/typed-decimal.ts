/**
 * Amounts and rates as people in Chile type them: `800,50`, `1.250,75`, `1,250.75`, `1.250.000`. The
 * parser turns what was typed into the canonical decimal text the API takes ("1250.75"), or refuses it
 * with a message that says how to write it: never a silent factor of 100 or 1000.
 * docs/decisions/0038-typed-decimals.md
 */

import { roundedDecimal } from './decimal-text';

/**
 * What a field holds. A money amount has at most 2 decimals, so a lone separator followed by exactly
 * three digits can only group thousands; a rate has up to 8 decimals, so there it could be either.
 */
export type DecimalKind = 'money' | 'rate';

export type TypedDecimal = { ok: true; value: string } | { ok: false; message: string };

export const TYPED_DECIMAL_MESSAGES = {
  money:
    'Escribe el monto solo con números y, para los decimales, una coma o un punto: 800,50 · 1.250,75 · 1,250.75',
  rate: 'Escribe la tasa solo con números y, para los decimales, una coma o un punto: 0,00105 · 1,0850',
};

/** `«1.250»` in a rate: 1,25 with a decimal point, or 1250? Refused with both readings spelled out. */
export function ambiguousRateMessage(typed: string, separator: string): string {
  const [whole = '', part = ''] = typed.split(separator);
  const fraction = part.replace(/0+$/, '');
  const asDecimal = fraction ? `${whole},${fraction}` : whole;
  return (
    `«${typed}» en una tasa puede ser ${asDecimal} o ${whole}${part}: escribe los decimales con ` +
    `4 cifras (${whole},${part}0) o el número sin separador de miles (${whole}${part})`
  );
}

/** A first group of thousands: 1 to 3 digits, no leading zero. */
const LEADING_GROUP = /^[1-9]\d{0,2}$/;
const GROUP = /^\d{3}$/;

/** "007" is 7; "0" stays "0". */
const trimZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

function validThousands(groups: readonly string[]): boolean {
  return LEADING_GROUP.test(groups[0] ?? '') && groups.slice(1).every((g) => GROUP.test(g));
}

function canonical(whole: string, decimals?: string): string {
  return decimals === undefined ? trimZeros(whole) : `${trimZeros(whole)}.${decimals}`;
}

/**
 * Reads a typed amount or rate. The last separator followed by one or two digits is the decimal one;
 * with both `.` and `,`, the last is the decimal one and the others group thousands; a single kind
 * repeated groups thousands. Each thousands group must be whole (`1.25.0`, `1,2,3` are refused).
 * Limits (decimals, maximum, above 0) are left to the field's schema, which names the field.
 * Blank text is the caller's (a required field says so in its own words).
 */
export function parseTypedDecimal(typed: string, kind: DecimalKind): TypedDecimal {
  const text = typed.trim();
  const refuse = (message = TYPED_DECIMAL_MESSAGES[kind]): TypedDecimal => ({ ok: false, message });
  // A minus sign is passed on, so the schema gives its own "must be positive" message.
  const sign = text.startsWith('-') ? '-' : '';
  const body = text.slice(sign.length);
  if (!/^\d[\d.,]*$/.test(body) || !/\d$/.test(body)) return refuse();
  const ok = (whole: string, decimals?: string): TypedDecimal => ({
    ok: true,
    value: sign + canonical(whole, decimals),
  });

  const separators = body.replace(/\d/g, '');
  if (separators === '') return ok(body);
  const last = separators[separators.length - 1] as '.' | ',';
  const other = last === '.' ? ',' : '.';

  if (separators.includes(other)) {
    // Both kinds: the last one is the decimal mark, used once, after every thousands separator.
    if (separators.indexOf(last) !== separators.length - 1) return refuse();
    const cut = body.lastIndexOf(last);
    const groups = body.slice(0, cut).split(other);
    return validThousands(groups) ? ok(groups.join(''), body.slice(cut + 1)) : refuse();
  }

  const parts = body.split(last);
  if (parts.length > 2) return validThousands(parts) ? ok(parts.join('')) : refuse();

  const [whole = '', after = ''] = parts;
  if (after.length !== 3 || !LEADING_GROUP.test(whole)) return ok(whole, after);
  // `1.250`: a thousands group for an amount (at most 2 decimals), but a rate could mean 1,25.
  return kind === 'money' ? ok(whole + after) : refuse(ambiguousRateMessage(body, last));
}

/** en-US grouping of a canonical whole part: "1250000" -> "1,250,000". */
const groupThousands = (whole: string, separator: string) =>
  whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

function splitCanonical(value: string) {
  const negative = value.startsWith('-');
  const [whole = '0', decimals = ''] = (negative ? value.slice(1) : value).split('.');
  return { sign: negative ? '-' : '', whole, decimals };
}

/**
 * A canonical amount as the field shows it once left, in the app's en-US money format (docs/product.md#money)
 * without the currency ("1250.5" -> "1,250.50"; "1250000" -> "1,250,000" for a currency without minor
 * units), so the person sees what was understood. Text with more decimals than the currency has is returned
 * as it is: the schema (or the server, for pesos) refuses it and says why.
 */
export function moneyInputText(value: string, minorDigits = 2): string {
  const { sign, whole, decimals } = splitCanonical(value);
  if (decimals.length > minorDigits && /[1-9]/.test(decimals.slice(minorDigits))) return value;
  const grouped = `${sign}${groupThousands(whole, ',')}`;
  // Pesos and the like have no decimals: "1.250.000" reads back "1,250,000" (decision 0085).
  return minorDigits === 0
    ? grouped
    : `${grouped}.${decimals.slice(0, minorDigits).padEnd(minorDigits, '0')}`;
}

/**
 * A canonical rate as the field shows it: at least the four decimals rates are shown with, no grouping
 * ("0.5" -> "0.5000", "1.085" -> "1.0850"), which never reads as a thousands group when typed back.
 */
export function rateInputText(value: string | number): string {
  const { sign, whole, decimals } = splitCanonical(String(value));
  return `${sign}${whole}.${decimals.padEnd(4, '0')}`;
}

/**
 * A stored rate as a screen or a prefilled field shows it: at most 8 decimals (a rate kept to 16,
 * 0.0010582010582011, shows 0.0010582, which the 8-decimal rate fields also take), then as
 * `rateInputText`. docs/decisions/0086-rates-the-way-chile-says-them.md
 */
export function rateShownText(value: string | number): string {
  return rateInputText(roundedDecimal(value, 8) ?? value);
}
