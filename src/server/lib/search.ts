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

/**
 * A person's stored search text (name, ID key and e-mail, normalised by PostgreSQL) contains the
 * text, normalised the same way, or its ID key ("12345678-9" finds "12.345.678-9"). One indexed
 * column, so a common name costs a plain LIKE per candidate, not an unaccent.
 */
export function personContains(searchText: AnyPgColumn, text: string): SQL {
  const byText = sql`${searchText} like f_search_norm(${containsPattern(text)})`;
  const key = idKey(text).toLowerCase();
  if (!key || key === text.toLowerCase()) return byText;
  return sql`(${byText} or ${searchText} like ${containsPattern(key)})`;
}

export function emailContains(column: AnyPgColumn, text: string): SQL {
  return sql`lower(${column}) like ${containsPattern(text.toLowerCase())}`;
}
