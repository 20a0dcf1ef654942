// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from '../../src/domain/amount-words';

describe('amounts in Spanish words', () => {
  it.each([
    [1200.5, 'USD', 'mil doscientos dólares con cincuenta centavos'],
    [1, 'USD', 'un dólar'],
    [0.01, 'USD', 'cero dólares con un centavo'],
    [21, 'USD', 'veintiún dólares'],
    [31.21, 'USD', 'treinta y un dólares con veintiún centavos'],
    [101, 'USD', 'ciento un dólares'],
    [100, 'USD', 'cien dólares'],
    [111, 'USD', 'ciento once dólares'],
    [21000, 'USD', 'veintiún mil dólares'],
    [101000, 'USD', 'ciento un mil dólares'],
    [1000000, 'USD', 'un millón de dólares'],
    [1200000, 'USD', 'un millón doscientos mil dólares'],
    [2500000000, 'USD', 'dos mil quinientos millones de dólares'],
    [21000001, 'USD', 'veintiún millones un dólares'],
    [
      999999999999.99,
      'USD',
      'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve dólares con noventa y nueve centavos',
    ],
    [16716, 'CLP', 'dieciséis mil setecientos dieciséis pesos'],
    [1, 'CLP', 'un peso'],
    [42.5, 'EUR', 'cuarenta y dos euros con cincuenta céntimos'],
    [10, 'BRL', 'diez BRL'],
  ])('%s %s', (amount, currency, words) => {
    expect(amountInWords(amount, currency)).toBe(words);
  });

  it('counts without a noun ("uno", "veintiuno") and refuses what is no amount', () => {
    expect(integerInWords(21)).toBe('veintiuno');
    expect(integerInWords(1001)).toBe('mil uno');
    expect(integerInWords(0)).toBe('cero');
    expect(() => integerInWords(1e12)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
  });

  it('keeps the cents exact where binary floats are not (0.29 * 100 is 28.999...)', () => {
    expect(amountInWords(1200.29, 'USD')).toBe('mil doscientos dólares con veintinueve centavos');
  });
});
