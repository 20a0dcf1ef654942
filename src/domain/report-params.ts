import { z } from 'zod';
import { toIsoDate } from './dates';

/*
 * Query-string parameters of the reports and alerts. A query string only carries text, so each
 * parameter is checked as text: dates exactly yyyy-mm-dd (whole numbers use queryInt of ./input).
 * Nothing is coerced: a malformed or repeated parameter is a 400, never a guess.
 */

/** A real calendar date written yyyy-mm-dd ('2026-02-30' is refused). */
export const isoDateParam = (name: string) => {
  const message = `${name} debe ser una fecha con formato aaaa-mm-dd`;
  return z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => toIsoDate(value) === value, message);
};

/** One of a fixed set of words. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, `${name} debe ser uno de: ${values.join(', ')}`);

/** Free text to search by, at most 100 characters. */
export const searchParam = z
  .string('La búsqueda debe ser texto')
  .trim()
  .max(100, 'La búsqueda no puede superar 100 caracteres');

/** yyyy-mm-dd plus a number of days (negative goes back), in UTC. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
