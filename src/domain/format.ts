/**
 * Display formatting shared by every screen: money in en-US with exactly two
 * decimals ('local' means USD), dates in es-ES as "dd MMM yyyy" in UTC with the spec's fallbacks.
 */
export function formatMoney(amount: number | string | null | undefined, currency = 'USD'): string {
  const code = !currency || currency === 'local' ? 'USD' : currency;
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  try {
    return moneyFormatter(code).format(value);
  } catch {
    return `${code} ${value}`;
  }
}

/**
 * One formatter per currency: building an Intl.NumberFormat costs far more than formatting with it
 * (it was 9 % of the server's CPU for the alerts' messages, and a table renders hundreds of amounts).
 */
const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(code: string) {
  const known = moneyFormatters.get(code);
  if (known) return known;
  // Throws for a code that is not a currency: the caller shows the code and the number instead.
  const formatter = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
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
