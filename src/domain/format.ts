import { currencyDecimals } from './currency-decimals';

/**
 * How amounts are written, on every screen, PDF and e-mail alike (Configuraciones, "Formato de números"):
 * `en` is the spec's `1,234.56` (the default), `es` is Chile's `1.234,56`
 * (docs/decisions/0089-number-format-setting.md).
 */
export const NUMBER_FORMATS = ['en', 'es'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** Chile writes the same digits with the separators swapped: 1,234.56 is 1.234,56. */
const chilean = (text: string) => text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
/** An en-US number written in `style` (also the rate texts' writer, src/domain/rate-text.ts). */
export const styled = (text: string, style: NumberFormat) => (style === 'es' ? chilean(text) : text);

/**
 * Display formatting shared by every screen: money with two decimals (none for pesos), named by its
 * currency ("US$ 2,600.00", "CLP 500,000": a bare "$" reads as pesos in Chile; 'local' means USD), in
 * the agency's number format (`es`: "US$ 2.600,00", "CLP 500.000"); dates in es-ES as "dd MMM yyyy"
 * in UTC with the fallbacks of docs/product.md#dates.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency = 'USD',
  style: NumberFormat = 'en',
): string {
  const code = !currency || currency === 'local' ? 'USD' : currency;
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  try {
    return moneyFormatter(code, style)(value);
  } catch {
    return `${code} ${styled(String(value), style)}`;
  }
}

/** formatMoney bound to one number format: what a screen, a PDF or an e-mail writes every amount with. */
export type MoneyText = (amount: number | string | null | undefined, currency?: string) => string;
export const moneyText =
  (style: NumberFormat): MoneyText =>
  (amount, currency) =>
    formatMoney(amount, currency, style);

const pesoFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Whole pesos of a tax document (DTE): "CLP 1,190,000" ("CLP 1.190.000" in `es`), as the SII takes them. */
export function formatPesos(amount: number | bigint, style: NumberFormat = 'en'): string {
  return `CLP ${styled(pesoFormatter.format(amount), style)}`;
}

/** The rate a DTE's amounts were converted at, pesos per unit: "CLP 952.38 por cada 1 USD" (decision 0056). */
export function pesosPerUnitText(rate: number, currency: string, style: NumberFormat = 'en'): string {
  return `CLP ${styled(rate.toFixed(2), style)} por cada 1 ${currency}`;
}

/** How an amount's currency is named: "US$" for dollars (as Chilean banks write it), else the ISO code. */
export function currencyPrefix(currency = 'USD'): string {
  const code = !currency || currency === 'local' ? 'USD' : currency.toUpperCase();
  return code === 'USD' ? 'US$' : code;
}

/**
 * One formatter per currency and number format: building an Intl.NumberFormat costs far more than
 * formatting with it (it was 9 % of the server's CPU for the alerts' messages, and a table renders
 * hundreds of amounts). Intl writes "USD\u00a02,600.00" and "-USD\u00a0400.00"; the code becomes the
 * label with a plain space, so texts compare and copy as people type them. 'negative' keeps "-0.00"
 * from showing. Chile's format swaps the separators of that text rather than asking Intl for es-CL,
 * whose ICU data puts the code and the sign in other places from one runtime to another.
 */
type MoneyFormatter = (value: number) => string;
const moneyFormatters = new Map<string, MoneyFormatter>();
function moneyFormatter(code: string, style: NumberFormat): MoneyFormatter {
  const key = `${code}:${style}`;
  const known = moneyFormatters.get(key);
  if (known) return known;
  // Throws for a code that is not a currency: the caller shows the code and the number instead.
  // Pesos and the other currencies without minor units are never written with decimals (decision 0085).
  const digits = currencyDecimals(code.toUpperCase());
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'negative',
  });
  const isoCode = intl.resolvedOptions().currency ?? code;
  const written = `${isoCode}\u00a0`;
  const named = `${currencyPrefix(isoCode)} `;
  // The label has no separators ("US$", letters), so swapping them touches the number only.
  const formatter = (value: number) => styled(intl.format(value).replace(written, named), style);
  moneyFormatters.set(key, formatter);
  return formatter;
}

const dateFormatter = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Sin fecha';
  try {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return 'Fecha inválida';
    return dateFormatter.format(date);
  } catch {
    return 'Error en fecha';
  }
}

/** Rates to USD are shown with four decimals, the precision they are entered with (step 0.0001). */
export function formatRate(rate: number | string, style: NumberFormat = 'en'): string {
  // toFixed alone rounds the binary value: 0.00105 would show as 0.0010 instead of 0.0011.
  return styled((Math.round(Number(rate) * 1e4) / 1e4).toFixed(4), style);
}

/** A count or a share, grouped and with up to `decimals` decimals: 1,234 and 12.5 (1.234 and 12,5 in `es`). */
export function formatNumber(value: number, style: NumberFormat = 'en', decimals = 0): string {
  return styled(numberFormatter(decimals).format(value), style);
}
const numberFormatters = new Map<number, Intl.NumberFormat>();
function numberFormatter(decimals: number): Intl.NumberFormat {
  let known = numberFormatters.get(decimals);
  if (!known) {
    known = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    numberFormatters.set(decimals, known);
  }
  return known;
}
