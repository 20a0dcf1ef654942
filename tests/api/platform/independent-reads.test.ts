import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { independentReads } from '../../../src/server/db/independent-reads';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/*
 * Independent reads run at once on the pool, but in order inside a transaction: its one connection
 * must never be handed a second query while one runs (node-postgres 9 refuses it).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function recorder() {
  const events: string[] = [];
  const read = (db: Database, name: string) => async () => {
    events.push(`start ${name}`);
    await db.execute(sql`select pg_sleep(0.05)`);
    events.push(`end ${name}`);
    return name;
  };
  return { events, read };
}

describe('independentReads', () => {
  it('starts every read at once outside a transaction', async () => {
    const { events, read } = recorder();
    const db = database.db;
    const results = await independentReads(db, [read(db, 'a'), read(db, 'b')] as const);
    expect(results).toEqual(['a', 'b']);
    expect(events.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('inside a transaction starts each read after the one before it ended, results in order', async () => {
    const { events, read } = recorder();
    const results = await database.db.transaction((tx) =>
      independentReads(tx, [read(tx, 'a'), read(tx, 'b'), read(tx, 'c')] as const),
    );
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
