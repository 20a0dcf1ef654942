import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The key that puts names in Spanish order: "Álvaro" with the A's and "Íñigo" with the I's, not after
 * Z as their bytes would. PGlite has no ICU collations, so the key is the lower-case, unaccented name
 * (f_unaccent, migrations/0000) on both databases; the large lists have an index on it
 * (docs/decisions/0041). Every list, picker and export ordered by a name orders by this key, then id.
 */
export function nameSortKey(name: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`f_unaccent(lower(${name}))`;
}
