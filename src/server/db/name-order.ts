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

/**
 * The same key for a sort that no index serves (a sale item's few passengers), computed in place:
 * f_unaccent is a SQL function PostgreSQL cannot inline (its body calls unaccent, which is only
 * STABLE), so each call starts an executor of its own: about a tenth of the sale detail's statement.
 * Its body called directly gives the same key. An ORDER BY that an index must serve keeps
 * `nameSortKey`: the index is on that expression.
 */
export function unindexedNameSortKey(name: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`public.unaccent('public.unaccent'::regdictionary, lower(${name}))`;
}
