/**
 * Whole pesos typed as people in Chile write them: `150000`, `150.000` (the dot groups thousands),
 * also `150,000` or `150 000`, with an optional `$`. A tax document's amounts have no decimals, so a
 * separator that is not followed by exactly three digits is refused rather than guessed.
 */
export type TypedPesos = { ok: true; value: number } | { ok: false; message: string };

export const TYPED_PESOS_MESSAGES = {
  invalid: 'Escribe el monto en pesos, por ejemplo 150.000',
  decimals: 'Los pesos van sin decimales: escribe, por ejemplo, 150.000',
  tooBig: 'El monto es demasiado grande',
} as const;

const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(?:([.,\s])\d{3})(?:\1\d{3})*$/;
const WITH_FRACTION = /^[\d.,\s]*[.,]\d{1,2}$/;

export function parseTypedPesos(typed: string): TypedPesos {
  const text = typed.trim().replace(/^\$\s*/, '');
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    const message = WITH_FRACTION.test(text) ? TYPED_PESOS_MESSAGES.decimals : TYPED_PESOS_MESSAGES.invalid;
    return { ok: false, message };
  }
  const value = Number(text.replace(/\D/g, ''));
  if (!Number.isSafeInteger(value)) return { ok: false, message: TYPED_PESOS_MESSAGES.tooBig };
  return { ok: true, value };
}

/** 150000 as a Chilean would type it back: "150.000". */
export const pesosInputText = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
