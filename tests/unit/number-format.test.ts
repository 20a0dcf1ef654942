// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatNumber,
  formatPesos,
  formatRate,
  moneyText,
  pesosPerUnitText,
} from '../../src/domain/format';
import { paymentAmountText } from '../../src/domain/payment-replies';
import { foreignLargeAmountWarning } from '../../src/domain/sanity';

/** Configuraciones' "Formato de números" (docs/decisions/0089-number-format-setting.md). */
describe('formatMoney in each number format', () => {
  const cases: [amount: number | string, currency: string, en: string, es: string][] = [
    [1234.56, 'USD', 'US$ 1,234.56', 'US$ 1.234,56'],
    ['1234.56', 'USD', 'US$ 1,234.56', 'US$ 1.234,56'],
    [1500000, 'CLP', 'CLP 1,500,000', 'CLP 1.500.000'],
    ['1500000.49', 'CLP', 'CLP 1,500,000', 'CLP 1.500.000'],
    [1200.5, 'EUR', 'EUR 1,200.50', 'EUR 1.200,50'],
    [-400, 'USD', '-US$ 400.00', '-US$ 400,00'],
    [-1234567.8, 'EUR', '-EUR 1,234,567.80', '-EUR 1.234.567,80'],
    [-2500, 'CLP', '-CLP 2,500', '-CLP 2.500'],
    [0, 'USD', 'US$ 0.00', 'US$ 0,00'],
    [-0.001, 'USD', 'US$ 0.00', 'US$ 0,00'],
    [0, 'CLP', 'CLP 0', 'CLP 0'],
    [999.99, 'local', 'US$ 999.99', 'US$ 999,99'],
  ];
  it.each(cases)('%s %s is %s, or %s the Chilean way', (amount, currency, en, es) => {
    expect(formatMoney(amount, currency)).toBe(en);
    expect(formatMoney(amount, currency, 'en')).toBe(en);
    expect(formatMoney(amount, currency, 'es')).toBe(es);
  });

  it('keeps one formatter per currency and format: alternating never mixes them', () => {
    for (let i = 0; i < 3; i++) {
      expect(formatMoney(1234.5, 'USD', 'es')).toBe('US$ 1.234,50');
      expect(formatMoney(1234.5, 'USD')).toBe('US$ 1,234.50');
    }
    expect(formatMoney(1234.5, 'USD', 'es')).not.toContain('\u00a0');
  });

  it('shows the code and the number for a code that is not a currency, in the format too', () => {
    expect(formatMoney(12.5, 'XX', 'es')).toBe('XX 12,5');
  });

  it("binds a format once (moneyText), with formatMoney's own arguments", () => {
    const chilean = moneyText('es');
    expect(chilean(1234.56)).toBe('US$ 1.234,56');
    expect(chilean('1500000', 'CLP')).toBe('CLP 1.500.000');
    expect(moneyText('en')(1234.56, 'EUR')).toBe('EUR 1,234.56');
  });
});

describe('the other numbers and texts in each format', () => {
  it('writes whole pesos of a DTE, the DTE rate, a rate, a count and a share the same way', () => {
    expect(formatPesos(1190000)).toBe('CLP 1,190,000');
    expect(formatPesos(1190000n, 'es')).toBe('CLP 1.190.000');
    expect(pesosPerUnitText(952.381, 'USD')).toBe('CLP 952.38 por cada 1 USD');
    expect(pesosPerUnitText(952.381, 'USD', 'es')).toBe('CLP 952,38 por cada 1 USD');
    expect(formatRate('1.08', 'es')).toBe('1,0800');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234567, 'es')).toBe('1.234.567');
    expect(formatNumber(12.5, 'es', 1)).toBe('12,5');
    expect(formatNumber(50, 'es', 1)).toBe('50');
  });

  it('writes a payment beside its value in the sale and the large-amount question in it', () => {
    const payment = { amount: 1500000, currency: 'CLP', saleAmount: 1578.95 };
    expect(paymentAmountText(payment, 'USD')).toBe('CLP 1,500,000 (US$ 1,578.95)');
    expect(paymentAmountText(payment, 'USD', 'es')).toBe('CLP 1.500.000 (US$ 1.578,95)');
    expect(foreignLargeAmountWarning('150000000', 'CLP', '0.00105', 100000, 'es')).toBe(
      'El monto CLP 150.000.000 (unos US$ 157.500,00) supera el umbral de montos altos (US$ 100.000,00).',
    );
  });
});
