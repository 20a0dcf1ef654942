// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currencyPrefix, formatDate, formatMoney, formatRate } from '../../src/domain/format';

describe('formatMoney', () => {
  it('formats en-US with exactly two decimals', () => {
    expect(formatMoney(1234.5)).toBe('US$ 1,234.50');
    expect(formatMoney('10')).toBe('US$ 10.00');
  });

  it('treats "local" as USD', () => {
    expect(formatMoney(5, 'local')).toBe('US$ 5.00');
  });

  it('formats other valid currencies', () => {
    expect(formatMoney(1000, 'EUR')).toBe('EUR 1,000.00');
  });

  it('names the currency before the en-US number: US$ for dollars, the ISO code for the rest', () => {
    expect(formatMoney(2600)).toBe('US$ 2,600.00');
    expect(formatMoney(2600, 'USD')).toBe('US$ 2,600.00');
    expect(formatMoney(500000, 'CLP')).toBe('CLP 500,000');
    expect(formatMoney(1500000.4, 'CLP')).toBe('CLP 1,500,000');
    expect(formatMoney(1200.5, 'EUR')).toBe('EUR 1,200.50');
    // Two decimals even for a currency that has none (the rule for every amount, docs/product.md#money).
    expect(formatMoney(1500, 'JPY')).toBe('JPY 1,500');
    expect(formatMoney('99999999999.99')).toBe('US$ 99,999,999,999.99');
  });

  it('puts the sign first and never shows a negative zero', () => {
    expect(formatMoney(-400)).toBe('-US$ 400.00');
    expect(formatMoney(-1200.5, 'EUR')).toBe('-EUR 1,200.50');
    expect(formatMoney(-0)).toBe('US$ 0.00');
    expect(formatMoney(-0.001)).toBe('US$ 0.00');
  });

  it('separates the label with a plain space, the same on every call (one cached formatter)', () => {
    const first = formatMoney(10, 'CLP');
    expect(first).toBe('CLP 10');
    expect(first).not.toContain('\u00a0');
    expect(formatMoney(10, 'CLP')).toBe(first);
    expect(formatMoney(null)).toBe('US$ 0.00');
    expect(formatMoney(7, '')).toBe('US$ 7.00');
  });

  it('falls back to the code followed by the amount for a bad currency code', () => {
    expect(formatMoney(12.5, 'XX')).toBe('XX 12.5');
  });
});

describe('currencyPrefix', () => {
  it('is US$ for dollars and local, the code otherwise', () => {
    expect(currencyPrefix()).toBe('US$');
    expect(currencyPrefix('local')).toBe('US$');
    expect(currencyPrefix('CLP')).toBe('CLP');
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

  it('returns the documented fallbacks', () => {
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
