import type { BreakdownEntry } from '../../../domain/dashboard';
import { formatNumber, type NumberFormat } from '../../../domain/format';
import { sumMoney } from '../../../domain/money';

/**
 * The dashboard's arithmetic, kept free of React and of the API client so that unit tests and the E2E
 * spec can use it as it is.
 */

export type { BreakdownEntry };

/** 'Servicios Principales' lists the top 5 service types. */
export const TOP_SERVICES = 5;

export interface RankedEntry extends BreakdownEntry {
  key: string;
}

/**
 * Share of `count` in `total` in percent, rounded to one decimal. Every share on the dashboard is taken
 * from the same total the 'Total de Ventas' card shows, so the figures agree with each other
 * (docs/decisions/0040-figures-that-agree.md); with no sales at all every share is 0 rather than NaN.
 */
export function sharePercent(count: number, total: number): number {
  if (total <= 0) return 0;
  // Integer arithmetic before the division keeps 12.5 from becoming 12.499999... and rounding down.
  return Math.round((count * 1000) / total) / 10;
}

// In the agency's number format like the money beside them, and no trailing ".0": 50%, 12.5% (12,5% in
// `es`), 0%.
export function formatShare(count: number, total: number, style: NumberFormat = 'en'): string {
  return `${formatNumber(sharePercent(count, total), style, 1)}%`;
}

export function formatCount(count: number, style: NumberFormat = 'en'): string {
  return formatNumber(count, style);
}

/** Active bookings are confirmed plus completed sales. */
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

/** The 30 days' sales and revenue; money added in integer cents, so it never gathers float error. */
export function overviewTotals(days: ReadonlyArray<{ count: number; totalSale: number }>): {
  count: number;
  totalSale: number;
} {
  return {
    count: days.reduce((sum, day) => sum + day.count, 0),
    totalSale: sumMoney(days.map((day) => day.totalSale)),
  };
}
