import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Reads that do not depend on each other: at once on the pool, each on a connection of its own, but
 * one after the other inside a transaction, whose single connection must not be handed a second
 * query while one runs (node-postgres warns that pg 9 will refuse it; the reminders read the alerts
 * inside their transaction, a credit note the agency's zone inside its own).
 */
export async function independentReads<T extends readonly unknown[]>(
  db: Database,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
