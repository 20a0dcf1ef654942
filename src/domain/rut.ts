/**
 * Chilean RUT helpers. An ID is compared without dots, dashes and spaces, so
 * "11.111.111-1" and "11111111-1" are the same person; a valid RUT is stored in one form,
 * "11.111.111-1" (docs/decisions/0087-ruts-in-one-form.md).
 */

/** The ID as compared: no dots, dashes or spaces, upper case (the check digit K). */
export function compactId(id: string): string {
  return id.replace(/[\s.-]/g, '').toUpperCase();
}

/** Written like a RUT: 7 or 8 digits (dots allowed) and a check digit 0-9 or K after an optional dash. */
export function looksLikeRut(id: string): boolean {
  return /^\d{1,2}(\.?\d{3}){2}\s*-?\s*[\dkK]$/.test(id.trim());
}

/** The check digit of a RUT's body by módulo 11: '0'-'9' or 'K'. */
export function rutCheckDigit(body: number | string): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** True when the last character is the check digit of the digits before it. */
export function hasValidCheckDigit(id: string): boolean {
  const compact = compactId(id);
  return rutCheckDigit(compact.slice(0, -1)) === compact.slice(-1);
}

export const INVALID_RUT_MESSAGE = 'El dígito verificador del RUT no es válido';

/** An ID written like a RUT whose check digit is wrong (passports and other IDs pass). */
export const hasWrongRutDigit = (id: string | null | undefined) =>
  !!id && looksLikeRut(id) && !hasValidCheckDigit(id);

export const DUPLICATE_CLIENT_ID_MESSAGE = 'Ya existe un cliente con este ID/RUT';

/**
 * A value written like a RUT (looksLikeRut) in its one stored and printed form: the digits grouped by
 * thousands with dots, a dash, the check digit in upper case ("123456785" → "12.345.678-5").
 * migrations/0034_ruts_one_form.sql's f_rut_canonical writes the same.
 */
export function formatRut(rut: string): string {
  const compact = compactId(rut);
  const body = compact.slice(0, -1);
  return `${body.replace(/\B(?=(\d{3})+$)/g, '.')}-${compact.slice(-1)}`;
}

/**
 * What is stored for an ID: a valid RUT in its one form (formatRut), anything else as typed (a
 * passport, or a RUT with a wrong digit, which each form refuses or keeps by its own rule). The form
 * only adds dots and a dash, so the ID's key (compactId, f_id_key) never changes.
 */
export const normalizeRut = (id: string): string =>
  looksLikeRut(id) && hasValidCheckDigit(id) ? formatRut(id) : id;

/** A RUT as the SII writes it: digits without dots, a dash, the check digit in upper case. */
export function siiRut(rut: string): string {
  const compact = compactId(rut);
  return `${compact.slice(0, -1)}-${compact.slice(-1)}`;
}
