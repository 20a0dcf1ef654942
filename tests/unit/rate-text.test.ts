// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reciprocal, roundedDecimal } from '../../src/domain/money';
import {
  inverseRateEquation,
  inverseRateValue,
  rateEquation,
  unitsPerUsdEquation,
} from '../../src/domain/rate-text';
import { rateShownText } from '../../src/domain/typed-decimal';

describe('rate texts', () => {
  it("writes the rates table's '1 unit = rate USD' with four decimals", () => {
    expect(rateEquation('EUR', 1.08)).toBe('1 EUR = 1.0800 USD');
    expect(rateEquation('CLP', 0.0012345)).toBe('1 CLP = 0.0012 USD');
    expect(rateEquation('CLP', 0.00105)).toBe('1 CLP = 0.0011 USD');
    expect(rateEquation('USD', 1)).toBe('1 USD = 1.0000 USD');
  });

  it('adds the inverse, which tells apart rates that four decimals show alike', () => {
    expect(rateEquation('CLP', 0.00105)).toBe(rateEquation('CLP', 0.00108));
    expect(inverseRateEquation('CLP', 0.00105)).toBe('1 USD = 952.38 CLP');
    expect(inverseRateEquation('CLP', 0.00108)).toBe('1 USD = 925.93 CLP');
    expect(inverseRateEquation('CLP', '0.00105')).toBe('1 USD = 952.38 CLP');
  });

  it('groups thousands and rounds half up, exactly', () => {
    expect(inverseRateValue(0.0001)).toBe('10,000.00');
    expect(inverseRateValue('0.00000107')).toBe('934,579.44');
    // 1 / 0.32 = 3.125 exactly: half up, which float division would leave to chance.
    expect(inverseRateValue(0.32)).toBe('3.13');
    expect(inverseRateValue(0.5)).toBe('2.00');
  });

  it('gives four significant digits when one USD buys less than one unit', () => {
    expect(inverseRateEquation('EUR', 1.08)).toBe('1 USD = 0.9259 EUR');
    expect(inverseRateValue(3.25)).toBe('0.3077');
    expect(inverseRateValue(1000)).toBe('0.001000');
  });

  it('has no inverse for a rate that is not a plain positive decimal', () => {
    expect(inverseRateValue(0)).toBeNull();
    expect(inverseRateValue('abc')).toBeNull();
    expect(inverseRateEquation('CLP', '-1')).toBeNull();
    expect(inverseRateEquation('CLP', '-1', 'es')).toBeNull();
  });

  it('writes units per USD as kept (decision 0086)', () => {
    expect(unitsPerUsdEquation('CLP', 945)).toBe('1 USD = 945.00 CLP');
    expect(unitsPerUsdEquation('CLP', '1250.75')).toBe('1 USD = 1,250.75 CLP');
    expect(unitsPerUsdEquation('EUR', 0.92592593)).toBe('1 USD = 0.9259 EUR');
    expect(unitsPerUsdEquation('KWD', '0.000123')).toBe('1 USD = 0.0001230 KWD');
    expect(unitsPerUsdEquation('CLP', 0)).toBeNull();
  });
});

// Decision 0089: a page never mixes 0.0011 with 952,38; the digits are the same, only the separators move.
describe('rate texts in the agency number format', () => {
  it("writes every side the spec's way in 'en', the default", () => {
    expect(rateEquation('CLP', 0.00105, 'en')).toBe('1 CLP = 0.0011 USD');
    expect(inverseRateEquation('CLP', 0.00105, 'en')).toBe('1 USD = 952.38 CLP');
    expect(inverseRateValue(0.0001, 'en')).toBe('10,000.00');
    expect(unitsPerUsdEquation('CLP', '1234.56', 'en')).toBe('1 USD = 1,234.56 CLP');
  });

  it("writes every side the Chilean way in 'es'", () => {
    expect(rateEquation('CLP', 0.00105, 'es')).toBe('1 CLP = 0,0011 USD');
    expect(rateEquation('EUR', 1.08, 'es')).toBe('1 EUR = 1,0800 USD');
    expect(inverseRateEquation('CLP', 0.00105, 'es')).toBe('1 USD = 952,38 CLP');
    expect(inverseRateEquation('EUR', 1.08, 'es')).toBe('1 USD = 0,9259 EUR');
    expect(inverseRateValue('0.00000107', 'es')).toBe('934.579,44');
    expect(inverseRateValue(0.32, 'es')).toBe('3,13');
    expect(inverseRateValue(1000, 'es')).toBe('0,001000');
    expect(unitsPerUsdEquation('CLP', '1234.56', 'es')).toBe('1 USD = 1.234,56 CLP');
    expect(unitsPerUsdEquation('KWD', '0.000123', 'es')).toBe('1 USD = 0,0001230 KWD');
  });
});

describe('both sides of a rate, exactly', () => {
  it('gives the reciprocal rounded half up once, without trailing zeros', () => {
    expect(reciprocal('945', 16)).toBe('0.0010582010582011');
    expect(reciprocal(1.08, 8)).toBe('0.92592593');
    expect(reciprocal('0.00105', 16)).toBe('952.380952380952381');
    expect(reciprocal('1.000', 16)).toBe('1');
    // 1 / 8 = 0.125: half up at two decimals.
    expect(reciprocal('8', 2)).toBe('0.13');
    expect(reciprocal('0', 16)).toBeNull();
    expect(reciprocal('1e3', 16)).toBeNull();
  });

  it('rounds a stored rate for the screens, and shows at most 8 decimals', () => {
    expect(roundedDecimal('0.0010582010582011', 8)).toBe('0.0010582');
    expect(roundedDecimal('945.0000000000000000', 16)).toBe('945');
    expect(roundedDecimal('0.000000005', 8)).toBe('0.00000001');
    expect(roundedDecimal('abc', 8)).toBeNull();
    expect(rateShownText(0.0010582010582011)).toBe('0.0010582');
    expect(rateShownText('1.0800000000000000')).toBe('1.0800');
  });
});
