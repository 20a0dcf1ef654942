import type { Database } from './client';

/** The statements prepared on each database (a pool, or PGlite), by name. */
const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement of a fixed shape, built once per database and name: drizzle builds its SQL once, and
 * node-postgres has PostgreSQL parse and plan it once per connection. For the hottest reads, where
 * building and planning cost as much CPU as the rows (docs/performance.md). Each name must always
 * build the same SQL; a transaction's `tx` is a database of its own, so its statements are built
 * for it again.
 */
export function prepared<Statement>(db: Database, name: string, build: () => Statement): Statement {
  const byName = statements.get(db) ?? new Map<string, unknown>();
  statements.set(db, byName);
  const statement = (byName.get(name) as Statement | undefined) ?? build();
  byName.set(name, statement);
  return statement;
}
