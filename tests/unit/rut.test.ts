// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactId, formatRut, normalizeRut, rutCheckDigit } from '../../src/domain/rut';

describe('normalizeRut: a valid RUT in its one form (decision 0087)', () => {
  it.each([
    ['123456785', '12.345.678-5'],
    ['12345678-5', '12.345.678-5'],
    ['12.345.678-5', '12.345.678-5'],
    [' 12.345678 - 5 ', '12.345.678-5'],
    ['10000013k', '10.000.013-K'],
    ['9.876.545-k', '9.876.545-K'],
    ['1000001-7', '1.000.001-7'],
  ])('writes %s as %s', (typed, stored) => {
    expect(normalizeRut(typed)).toBe(stored);
  });

  it.each([
    ['12.345.678-4', 'a wrong check digit'],
    ['AB123456', 'a passport'],
    ['P-12345678-5', 'an ID with letters'],
    ['123456-0', 'too few digits'],
    ['1234567890', 'too many digits'],
    ['', 'nothing'],
  ])('keeps %s (%s) as typed', (typed) => {
    expect(normalizeRut(typed)).toBe(typed);
  });

  it('keeps the ID as compared, and writes the same form for every spelling of a RUT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.boolean(), (body, lower) => {
        const digit = rutCheckDigit(body);
        const plain = `${body}${lower ? digit.toLowerCase() : digit}`;
        const stored = normalizeRut(plain);
        expect(stored).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
        expect(compactId(stored)).toBe(compactId(plain));
        expect(normalizeRut(stored)).toBe(stored);
        expect(normalizeRut(`${body}-${digit}`)).toBe(stored);
        expect(formatRut(plain)).toBe(stored);
      }),
    );
  });
});
