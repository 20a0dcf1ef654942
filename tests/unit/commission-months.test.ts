// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commissionMonth, nextMonth, previousMonth } from '../../src/domain/commissions';

describe('commission months', () => {
  it('steps across the turn of the year', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-02')).toBe('2026-03');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });

  it('takes yyyy-mm only', () => {
    expect(commissionMonth.safeParse('2026-11').success).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ' 2026-01'])
      expect(commissionMonth.safeParse(bad).success, bad).toBe(false);
  });
});
