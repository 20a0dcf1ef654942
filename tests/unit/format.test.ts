// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRate } from '../../src/domain/format';

describe('formatMoney', () => {
  it('formats en-US with exactly two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('10')).toBe('$10.00');
  });

  it('treats "local" as USD', () => {
    expect(formatMoney(5, 'local')).toBe('$5.00');
  });

  it('formats other valid currencies', () => {
    expect(formatMoney(1000, 'EUR')).toBe('€1,000.00');
  });

  it('falls back to the code followed by the amount for a bad currency code', () => {
    expect(formatMoney(12.5, 'XX')).toBe('XX 12.5');
  });
});

describe('formatDate', () => {
  it('shows es-ES day, short month and year in UTC', () => {
    const text = formatDate('2026-03-05');
    expect(text).toContain('05');
    expect(text).toContain('mar');
    expect(text).toContain('2026');
  });

  it('does not shift a date-only value across time zones', () => {
    expect(formatDate('2026-01-01')).toContain('01');
    expect(formatDate('2026-01-01')).toContain('2026');
  });

  it('returns the spec fallbacks', () => {
    expect(formatDate('')).toBe('Sin fecha');
    expect(formatDate(null)).toBe('Sin fecha');
    expect(formatDate('garbage')).toBe('Fecha inválida');
  });
});

describe('formatRate', () => {
  it('shows four decimals, rounding the decimal value rather than its binary approximation', () => {
    expect(formatRate(0.00105)).toBe('0.0011');
    expect(formatRate('1.08')).toBe('1.0800');
    expect(formatRate(1)).toBe('1.0000');
  });
});
