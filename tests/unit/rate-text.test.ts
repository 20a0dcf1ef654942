// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inverseRateEquation, inverseRateValue, rateEquation } from '../../src/domain/rate-text';

describe('rate texts', () => {
  it("writes the rates table's '1 unit = rate USD' with four decimals", () => {
    expect(rateEquation('EUR', 1.08)).toBe('1 EUR = 1.0800 USD');
    expect(rateEquation('CLP', 0.0012345)).toBe('1 CLP = 0.0012 USD');
    expect(rateEquation('CLP', 0.00105)).toBe('1 CLP = 0.0011 USD');
    expect(rateEquation('USD', 1)).toBe('1 USD = 1.0000 USD');
  });

  it('adds the inverse the Chilean way, which tells apart rates that four decimals show alike', () => {
    expect(rateEquation('CLP', 0.00105)).toBe(rateEquation('CLP', 0.00108));
    expect(inverseRateEquation('CLP', 0.00105)).toBe('1 USD = 952,38 CLP');
    expect(inverseRateEquation('CLP', 0.00108)).toBe('1 USD = 925,93 CLP');
    expect(inverseRateEquation('CLP', '0.00105')).toBe('1 USD = 952,38 CLP');
  });

  it('groups thousands with a point and rounds half up, exactly', () => {
    expect(inverseRateValue(0.0001)).toBe('10.000,00');
    expect(inverseRateValue('0.00000107')).toBe('934.579,44');
    // 1 / 0.32 = 3.125 exactly: half up, which float division would leave to chance.
    expect(inverseRateValue(0.32)).toBe('3,13');
    expect(inverseRateValue(0.5)).toBe('2,00');
  });

  it('gives four significant digits when one USD buys less than one unit', () => {
    expect(inverseRateEquation('EUR', 1.08)).toBe('1 USD = 0,9259 EUR');
    expect(inverseRateValue(3.25)).toBe('0,3077');
    expect(inverseRateValue(1000)).toBe('0,001000');
  });

  it('has no inverse for a rate that is not a plain positive decimal', () => {
    expect(inverseRateValue(0)).toBeNull();
    expect(inverseRateValue('abc')).toBeNull();
    expect(inverseRateEquation('CLP', '-1')).toBeNull();
  });
});
