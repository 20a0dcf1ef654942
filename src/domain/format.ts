/**
 * Display formatting shared by every screen: money in en-US with exactly two decimals, named by its
 * currency ("US$ 2,600.00", "CLP 500,000.00": a bare "$" reads as pesos in Chile; 'local' means USD),
 * dates in es-ES as "dd MMM yyyy" in UTC with the fallbacks of docs/product.md#dates.
 */
export function formatMoney(amount: number | string | null | undefined, currency = 'USD'): string {
  const code = !currency || currency === 'local' ? 'USD' : currency;
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  try {
    return moneyFormatter(code)(value);
  } catch {
    return `${code} ${value}`;
  }
}

const pesoFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Whole pesos of a tax document (DTE): "CLP 1,190,000", no decimals, as the SII takes them. */
export function formatPesos(amount: number | bigint): string {
  return `CLP ${pesoFormatter.format(amount)}`;
}

/** How an amount's currency is named: "US$" for dollars (as Chilean banks write it), else the ISO code. */
export function currencyPrefix(currency = 'USD'): string {
  const code = !currency || currency === 'local' ? 'USD' : currency.toUpperCase();
  return code === 'USD' ? 'US$' : code;
}

/**
 * One formatter per currency: building an Intl.NumberFormat costs far more than formatting with it
 * (it was 9 % of the server's CPU for the alerts' messages, and a table renders hundreds of amounts).
 * Intl writes "USD\u00a02,600.00" and "-USD\u00a0400.00"; the code becomes the label with a plain
 * space, so texts compare and copy as people type them. 'negative' keeps "-0.00" from showing.
 */
type MoneyFormatter = (value: number) => string;
const moneyFormatters = new Map<string, MoneyFormatter>();
function moneyFormatter(code: string): MoneyFormatter {
  const known = moneyFormatters.get(code);
  if (known) return known;
  // Throws for a code that is not a currency: the caller shows the code and the number instead.
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'code',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  });
  const isoCode = intl.resolvedOptions().currency ?? code;
  const written = `${isoCode}\u00a0`;
  const named = `${currencyPrefix(isoCode)} `;
  const formatter = (value: number) => intl.format(value).replace(written, named);
  moneyFormatters.set(code, formatter);
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
export function formatRate(rate: number | string): string {
  // toFixed alone rounds the binary value: 0.00105 would show as 0.0010 instead of 0.0011.
  return (Math.round(Number(rate) * 1e4) / 1e4).toFixed(4);
}
