import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%text%` with LIKE's own wildcards escaped, so a user's "50%" means the characters "50%". */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Same normalisation as the SQL function f_id_key: upper case, no dots, dashes or spaces. */
export function idKey(text: string): string {
  return text.replace(/[.\s-]/g, '').toUpperCase();
}

/** Case- and accent-insensitive substring match ("nunez" finds "Núñez"); uses the trigram index. */
export function nameContains(column: AnyPgColumn, text: string): SQL {
  return sql`f_unaccent(lower(${column})) like f_unaccent(lower(${containsPattern(text)}))`;
}

/** ID/RUT substring match ignoring dots, dashes and spaces ("12345678-9" finds "12.345.678-9"). */
export function idContains(column: AnyPgColumn, text: string): SQL | undefined {
  const key = idKey(text);
  return key ? sql`f_id_key(${column}) like ${containsPattern(key)}` : undefined;
}

export function emailContains(column: AnyPgColumn, text: string): SQL {
  return sql`lower(${column}) like ${containsPattern(text.toLowerCase())}`;
}
