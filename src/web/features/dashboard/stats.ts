/**
 * The dashboard's arithmetic, kept free of React and of the API client so that unit tests and the E2E
 * spec can use it as it is.
 */

/** Spec 9: 'Servicios Principales' lists the top 5 service types. */
export const TOP_SERVICES = 5;

/** One key of the server's service-type or region breakdown. */
export interface BreakdownEntry {
  count: number;
  totalCost: number;
}

export interface RankedEntry extends BreakdownEntry {
  key: string;
}

/**
 * Share of `count` in `total` in percent, rounded to one decimal. Every share on the dashboard is taken
 * from the same total the 'Total de Ventas' card shows, so the figures agree with each other
 * (issue 6); with no sales at all every share is 0 rather than NaN.
 */
export function sharePercent(count: number, total: number): number {
  if (total <= 0) return 0;
  // Integer arithmetic before the division keeps 12.5 from becoming 12.499999... and rounding down.
  return Math.round((count * 1000) / total) / 10;
}

// Dot decimals like the en-US money beside them (spec 9), and no trailing ".0": 50%, 12.5%, 0%.
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('en-US');

export function formatShare(count: number, total: number): string {
  return `${percentFormat.format(sharePercent(count, total))}%`;
}

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** Active bookings are confirmed plus completed sales (spec 2). */
export function activeBookings(byStatus: { confirmed: number; completed: number }): number {
  return byStatus.confirmed + byStatus.completed;
}

/**
 * Breakdown entries, most sales first, at most `limit` of them. The server already sends them in that
 * order, but a JSON object's key order is not something to rely on across a network boundary.
 */
export function rankEntries(entries: Record<string, BreakdownEntry>, limit?: number): RankedEntry[] {
  const ranked = Object.entries(entries)
    .map(([key, entry]) => ({ key, count: entry.count, totalCost: entry.totalCost }))
    .sort((a, b) => b.count - a.count);
  return limit === undefined ? ranked : ranked.slice(0, limit);
}

/** Sum of the 30 days, in integer cents so that adding money never accumulates float error (DESIGN.md 4). */
export function overviewTotals(days: ReadonlyArray<{ count: number; totalSale: number }>): {
  count: number;
  totalSale: number;
} {
  let count = 0;
  let cents = 0;
  for (const day of days) {
    count += day.count;
    cents += Math.round(day.totalSale * 100);
  }
  return { count, totalSale: cents / 100 };
}
