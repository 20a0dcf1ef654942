import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { BackupError } from './errors';

/** A table of the public schema as the backup reads it: stored columns, primary key, what it refers to. */
export interface CatalogTable {
  name: string;
  /** Columns in their order, without generated ones (the database computes those again). */
  columns: string[];
  primaryKey: string[];
  references: string[];
}

/**
 * The tables as the database has them, not as the code's Drizzle schema declares them: a backup taken
 * before a migration (or by older code) holds the tables of the database's own migration.
 */
export async function readTables(db: Database): Promise<CatalogTable[]> {
  const result = await rowsOf<{ name: string; columns: string[]; primary_key: string[]; refs: string[] }>(
    db,
    sql`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns,
      array(select a.attname::text from pg_constraint k
              cross join unnest(k.conkey) with ordinality as key(attnum, position)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum
            where k.conrelid = c.oid and k.contype = 'p' order by key.position) as primary_key,
      array(select distinct f.confrelid::regclass::text from pg_constraint f
            where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as refs
    from pg_class c
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    order by c.relname`,
  );
  return loadOrder(
    result.map((row) => ({
      name: row.name,
      columns: row.columns,
      primaryKey: row.primary_key,
      references: row.refs.map((ref) => ref.replace(/^"|"$/g, '')),
    })),
  );
}

/** Every table after the tables it refers to, so rows load with the foreign keys checked. */
function loadOrder(tables: CatalogTable[]): CatalogTable[] {
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  let pending = tables;
  while (pending.length > 0) {
    const ready = pending.filter((table) => table.references.every((ref) => placed.has(ref)));
    if (ready.length === 0) {
      throw new BackupError(
        `Las claves foráneas forman un ciclo entre ${pending.map((t) => t.name).join(', ')}`,
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    pending = pending.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** The public schema's sequences with their state (not transactional: at least the snapshot's). */
export async function readSequences(db: Database) {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const sequences: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of names) {
    const state = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text, is_called from ${sql.identifier(name)}`,
    );
    const row = state[0];
    if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return sequences;
}
