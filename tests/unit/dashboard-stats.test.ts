// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  activeBookings,
  formatCount,
  formatShare,
  overviewTotals,
  rankEntries,
  sharePercent,
} from '../../src/web/features/dashboard/stats';

describe('dashboard shares', () => {
  it('are percentages of the total rounded to one decimal', () => {
    expect(sharePercent(1, 8)).toBe(12.5);
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(2, 3)).toBe(66.7);
    expect(sharePercent(10, 40)).toBe(25);
    expect(sharePercent(40, 40)).toBe(100);
  });

  it('are 0 when there are no sales, never NaN or Infinity', () => {
    expect(sharePercent(0, 0)).toBe(0);
    expect(formatShare(0, 0)).toBe('0%');
  });

  it('are shown with dot decimals and without a trailing .0', () => {
    expect(formatShare(1, 8)).toBe('12.5%');
    expect(formatShare(1, 4)).toBe('25%');
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(1, 1000)).toBe('0.1%');
    expect(formatShare(1, 3000)).toBe('0%');
  });

  it('of parts that make up the whole add up to about 100%', () => {
    const parts = [13, 17, 11];
    const total = parts.reduce((a, b) => a + b, 0);
    const sum = parts.reduce((a, part) => a + sharePercent(part, total), 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.05 * parts.length);
  });
});

describe('dashboard figures', () => {
  it('counts confirmed and completed sales as active bookings', () => {
    expect(activeBookings({ confirmed: 7, completed: 5 })).toBe(12);
  });

  it('formats counts with thousands separators', () => {
    expect(formatCount(200000)).toBe('200,000');
    expect(formatCount(0)).toBe('0');
  });

  it('ranks breakdown entries by count and keeps the first N', () => {
    const entries = {
      hotel: { count: 2, totalCost: 100 },
      flight: { count: 9, totalCost: 900 },
      package: { count: 5, totalCost: 500 },
    };
    expect(rankEntries(entries).map((e) => e.key)).toEqual(['flight', 'package', 'hotel']);
    expect(rankEntries(entries, 2)).toEqual([
      { key: 'flight', count: 9, totalCost: 900 },
      { key: 'package', count: 5, totalCost: 500 },
    ]);
    expect(rankEntries({})).toEqual([]);
  });

  it('totals the 30 days in cents, without float drift', () => {
    const days = [
      { count: 1, totalSale: 0.1 },
      { count: 0, totalSale: 0 },
      { count: 2, totalSale: 0.2 },
    ];
    expect(overviewTotals(days)).toEqual({ count: 3, totalSale: 0.3 });
    expect(overviewTotals([])).toEqual({ count: 0, totalSale: 0 });
  });
});
