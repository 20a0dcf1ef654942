import { describe, expect, it } from 'vitest';
import { parseTypedPesos, pesosInputText, TYPED_PESOS_MESSAGES } from '../../src/domain/typed-pesos';

describe('whole pesos as typed in Chile', () => {
  it('reads plain digits and thousands grouped by dot, comma or space, with an optional $', () => {
    for (const [typed, value] of [
      ['150000', 150_000],
      ['150.000', 150_000],
      ['1.234.567', 1_234_567],
      ['1,234,567', 1_234_567],
      ['1 234 567', 1_234_567],
      ['$ 15.000', 15_000],
      [' 7 ', 7],
      ['0', 0],
    ] as const) {
      expect(parseTypedPesos(typed), typed).toEqual({ ok: true, value });
    }
  });

  it('refuses decimals, mixed or misplaced separators and anything else, saying how to write it', () => {
    for (const typed of ['1500,5', '1.234,56', '10.5']) {
      expect(parseTypedPesos(typed), typed).toEqual({ ok: false, message: TYPED_PESOS_MESSAGES.decimals });
    }
    for (const typed of ['', 'abc', '1.23.456', '1.234,567', '-500', '12.3456', '1e5']) {
      expect(parseTypedPesos(typed), typed).toEqual({ ok: false, message: TYPED_PESOS_MESSAGES.invalid });
    }
    expect(parseTypedPesos('9'.repeat(17))).toEqual({ ok: false, message: TYPED_PESOS_MESSAGES.tooBig });
  });

  it('writes an amount back with dots between thousands', () => {
    expect([
      pesosInputText(0),
      pesosInputText(950),
      pesosInputText(150_000),
      pesosInputText(1_234_567),
    ]).toEqual(['0', '950', '150.000', '1.234.567']);
  });
});
