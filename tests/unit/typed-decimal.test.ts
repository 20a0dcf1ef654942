// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../src/domain/money';
import {
  moneyInputText,
  parseTypedDecimal,
  rateInputText,
  TYPED_DECIMAL_MESSAGES,
} from '../../src/domain/typed-decimal';

const read = (typed: string, kind: 'money' | 'rate' = 'money') => parseTypedDecimal(typed, kind);
const value = (typed: string, kind: 'money' | 'rate' = 'money') => {
  const parsed = read(typed, kind);
  if (!parsed.ok) throw new Error(`«${typed}» was refused: ${parsed.message}`);
  return parsed.value;
};

describe('parseTypedDecimal: what an office in Chile types', () => {
  it.each([
    ['800,50', '800.50'],
    ['800.50', '800.50'],
    ['800,5', '800.5'],
    ['1.250,75', '1250.75'],
    ['1,250.75', '1250.75'],
    ['1250', '1250'],
    ['1.250.000', '1250000'],
    ['1,250,000', '1250000'],
    ['1.250.000,5', '1250000.5'],
    ['1,250,000.05', '1250000.05'],
    ['1.250', '1250'],
    ['1,250', '1250'],
    ['  99,90 ', '99.90'],
    ['0,5', '0.5'],
    ['007', '7'],
    ['0', '0'],
  ])('reads the amount %s as %s', (typed, canonical) => {
    expect(value(typed)).toBe(canonical);
  });

  it('never turns a decimal comma into a factor of 100 (the bug: 800,50 became 80050)', () => {
    expect(value('800,50')).not.toBe('80050');
    expect(Number(value('800,50'))).toBe(800.5);
    expect(Number(value('1.250,75'))).toBe(1250.75);
  });

  it.each([
    'abc',
    '12a',
    'US$ 100',
    '1,2,3',
    '1.25.0',
    '1.250,75,3',
    '1,250.7,5',
    '1.2345,67',
    '12.34.567',
    '0.250.000',
    '1,250.',
    ',50',
    '.',
    '1 250',
    '1e3',
    '--5',
  ])('refuses %s with a message that says how to write an amount', (typed) => {
    expect(read(typed)).toEqual({ ok: false, message: TYPED_DECIMAL_MESSAGES.money });
  });

  it('says how to write it, in Spanish, with examples', () => {
    expect(TYPED_DECIMAL_MESSAGES.money).toMatch(/^Escribe el monto .*800,50.*1\.250,75.*1,250\.75$/);
    expect(TYPED_DECIMAL_MESSAGES.rate).toMatch(/^Escribe la tasa .*0,00105/);
  });

  it('leaves decimals beyond the field and the sign to the schema, which names the field', () => {
    // Four digits after a lone separator cannot be a thousands group: they are decimals, refused later.
    expect(value('300,1234')).toBe('300.1234');
    expect(value('1250,750')).toBe('1250.750');
    expect(value('0,125')).toBe('0.125');
    expect(value('-5')).toBe('-5');
    expect(value('-1.250,5')).toBe('-1250.5');
  });
});

describe('parseTypedDecimal: rates (up to 8 decimals)', () => {
  it.each([
    ['0,00105', '0.00105'],
    ['0.00105', '0.00105'],
    ['1,0850', '1.0850'],
    ['1,08', '1.08'],
    ['0,125', '0.125'],
    ['1250,125', '1250.125'],
    ['1.250,125', '1250.125'],
    ['952', '952'],
  ])('reads the rate %s as %s', (typed, canonical) => {
    expect(value(typed, 'rate')).toBe(canonical);
  });

  it('refuses a lone separator before three digits, which could be a decimal or a thousands mark', () => {
    expect(read('1.250', 'rate')).toEqual({
      ok: false,
      message:
        '«1.250» en una tasa puede ser 1,25 o 1250: escribe los decimales con 4 cifras (1,2500) ' +
        'o el número sin separador de miles (1250)',
    });
    const comma = read('2,000', 'rate');
    expect(comma.ok).toBe(false);
    expect(!comma.ok && comma.message).toContain('«2,000» en una tasa puede ser 2 o 2000');
  });

  it('refuses what is not a rate with the rate message', () => {
    expect(read('0,001,05', 'rate')).toEqual({ ok: false, message: TYPED_DECIMAL_MESSAGES.rate });
    expect(read('tasa', 'rate')).toEqual({ ok: false, message: TYPED_DECIMAL_MESSAGES.rate });
  });
});

describe('what the field shows once left', () => {
  it("writes an amount in the app's en-US format, without the currency", () => {
    expect(moneyInputText('1250.75')).toBe('1,250.75');
    expect(moneyInputText('800.5')).toBe('800.50');
    expect(moneyInputText('1250000')).toBe('1,250,000.00');
    expect(moneyInputText('0')).toBe('0.00');
    // More decimals than an amount has: left as typed for the schema to refuse.
    expect(moneyInputText('300.1234')).toBe('300.1234');
  });

  it('writes pesos (no minor units) without decimals, and leaves typed decimals for the server to refuse', () => {
    expect(moneyInputText('1250000', 0)).toBe('1,250,000');
    expect(moneyInputText('45000', 0)).toBe('45,000');
    expect(moneyInputText('0', 0)).toBe('0');
    expect(moneyInputText('1500.5', 0)).toBe('1500.5');
  });

  it('writes a rate with at least four decimals, never as a thousands group', () => {
    expect(rateInputText('0.5')).toBe('0.5000');
    expect(rateInputText(1.085)).toBe('1.0850');
    expect(rateInputText(0.00105)).toBe('0.00105');
    expect(rateInputText('952')).toBe('952.0000');
    expect(value(rateInputText(1.085), 'rate')).toBe('1.0850');
  });
});

/** Exact decimal text of an integer number of units of 10^-decimals (no float involved). */
function decimalText(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
/** The same amount written the Chilean way: 1.250.000,75. */
function chilean(text: string): string {
  const [whole = '', decimals] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimals === undefined ? grouped : `${grouped},${decimals}`;
}

describe('round trips (fast-check): written, then read, gives the value back', () => {
  const cents = fc.bigInt({ min: 0n, max: BigInt(Math.round(MAX_AMOUNT * 100)) });

  it('an amount shown by the field reads back as itself', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const canonical = decimalText(c, 2);
        expect(value(moneyInputText(canonical))).toBe(canonical);
      }),
    );
  });

  it('an amount written the Chilean way, or plain, reads back as itself', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const canonical = decimalText(c, 2);
        expect(value(chilean(canonical))).toBe(canonical);
        expect(value(canonical)).toBe(canonical);
        expect(value(canonical.replace('.', ','))).toBe(canonical);
      }),
    );
  });

  it('a whole amount with thousands separators of either kind reads back as itself', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999n }), (n) => {
        const whole = n.toString();
        expect(value(chilean(whole))).toBe(whole);
        expect(value(chilean(whole).replaceAll('.', ','))).toBe(whole);
      }),
    );
  });

  it('a rate shown by the field, or written the Chilean way, reads back as the same number', () => {
    // Rates are kept to 8 decimals, from 0.0001 to 1,000,000.
    fc.assert(
      fc.property(fc.bigInt({ min: 10_000n, max: 100_000_000_000_000n }), (units) => {
        const canonical = decimalText(units, 8);
        const shown = rateInputText(canonical);
        expect(Number(value(shown, 'rate'))).toBe(Number(canonical));
        expect(Number(value(chilean(shown), 'rate'))).toBe(Number(canonical));
      }),
    );
  });
});
