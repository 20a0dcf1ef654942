// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/server/lib/export/columns';

/**
 * CSV injection (OWASP): Excel runs a cell that starts with = + - @, and also one that starts with a
 * tab or carriage return before them, so every one of these starts is quoted, not only `=`.
 */
describe('CSV text cells that Excel would run as a formula', () => {
  it.each([
    ['=', '=HYPERLINK("http://x")'],
    ['+', '+1+cmd|/C calc!A0'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1+1'],
    ['CR', '\r=1+1'],
  ])('a text starting with %s is quoted with an apostrophe', (_start, text) => {
    expect(csvCell('text', text)).toBe(`'${text}`);
  });

  it('other texts, and those characters anywhere but the start, are left as they are', () => {
    for (const text of ['José Núñez', 'a=b', 'Viaje 2026-11-24', 'correo@agencia.cl', ' =1', "'=1"]) {
      expect(csvCell('text', text)).toBe(text);
    }
  });

  it('a negative number or amount is a number, not a formula: not quoted', () => {
    expect(csvCell('number', -5)).toBe('-5');
    expect(csvCell('money', '-12.50')).toBe('-12,50');
  });
});
