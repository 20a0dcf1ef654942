/*
 * Exact arithmetic on plain decimal texts ("1250.75", "0.0010582010582011") through bigints: conversions,
 * roundings and comparisons of amounts and rates, never through floats. Kept apart from money.ts (the
 * request schemas, which bring zod and the input rules) so that a screen's formatter can use them
 * without loading those (/login's JavaScript budget).
 */

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

/**
 * An amount in one currency in another, from the USD value of one unit of each: amount × fromRate ÷
 * toRate, rounded once (half up) to `decimals`, exactly from the decimal texts. USD 100 into CLP at
 * 0.0010582010582011 is "94500". Null when a text is not a plain decimal or `toRate` is zero.
 * docs/decisions/0085-sale-currency.md
 */
export function convertedValue(
  amount: string | number,
  fromRate: string | number,
  toRate: string | number,
  decimals: number,
): string | null {
  const a = scaled(String(amount));
  const f = scaled(String(fromRate));
  const t = scaled(String(toRate));
  if (!a || !f || !t || t.digits === 0n) return null;
  const units = roundHalfUp(
    a.digits * f.digits * 10n ** BigInt(t.scale + decimals),
    t.digits * 10n ** BigInt(a.scale + f.scale),
  );
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** Whether two plain decimals are the same number ("0.00105000" and "0.00105"). */
export function sameDecimal(a: string | number, b: string | number): boolean {
  const x = scaled(String(a));
  const y = scaled(String(b));
  if (!x || !y) return false;
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
}

/** Scaled digits as plain decimal text without trailing zeros: (9450, 1) -> "945", (105, 5) -> "0.00105". */
function plainText(digits: bigint, scale: number): string {
  if (scale === 0) return digits.toString();
  const text = digits.toString().padStart(scale + 1, '0');
  const fraction = text.slice(-scale).replace(/0+$/, '');
  return fraction ? `${text.slice(0, -scale)}.${fraction}` : text.slice(0, -scale);
}

/**
 * A plain decimal rounded once (half up) to at most `decimals` decimals, exactly, without trailing
 * zeros: ("0.0010582010582011", 8) is "0.0010582", ("945.0000000000000000", 16) is "945". Null when the
 * text is not a plain decimal. docs/decisions/0086-rates-the-way-chile-says-them.md
 */
export function roundedDecimal(value: string | number, decimals: number): string | null {
  const v = scaled(String(value));
  if (!v) return null;
  if (v.scale <= decimals) return plainText(v.digits, v.scale);
  return plainText(roundHalfUp(v.digits, 10n ** BigInt(v.scale - decimals)), decimals);
}

/**
 * 1 ÷ a plain decimal, rounded once (half up) to `decimals` decimals, exactly, without trailing zeros:
 * ("945", 16) is "0.0010582010582011", ("1.08", 8) is "0.92592593". A rate's other side ("1 USD = 945
 * CLP" is 1 CLP = 0.0010582010582011 USD). Null when the text is not a plain decimal or is zero.
 * docs/decisions/0086-rates-the-way-chile-says-them.md
 */
export function reciprocal(value: string | number, decimals: number): string | null {
  const v = scaled(String(value));
  if (!v || v.digits === 0n) return null;
  // 1 / (digits / 10^scale) = 10^scale / digits, in units of 10^-decimals.
  return plainText(roundHalfUp(10n ** BigInt(v.scale + decimals), v.digits), decimals);
}
