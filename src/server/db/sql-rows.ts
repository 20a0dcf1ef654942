import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Rows of raw SQL. Both drivers answer it with { rows }; the shared type cannot say so. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
