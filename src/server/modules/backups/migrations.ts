import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder } from '../../db/client';
import { rowsOf } from './sql-rows';

/** One migration of the code, in journal order: drizzle's own reading plus the tag for messages. */
export interface CodeMigration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

export function codeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal.entries[index]?.tag ?? String(migration.folderMillis),
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

/** The newest migration drizzle recorded in a database, or null before any (or without its table). */
export async function lastAppliedMigration(db: Database): Promise<{ when: number; hash: string } | null> {
  const table = await rowsOf<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table[0]?.found) return null;
  const rows = await rowsOf<{ hash: string; created_at: number }>(
    db,
    // Milliseconds since 1970 fit a double exactly; both drivers then answer a number.
    sql`select hash, created_at::double precision as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const row = rows[0];
  return row ? { when: row.created_at, hash: row.hash } : null;
}

/**
 * Applies the code's migrations newer than `after` and up to `upTo` (both `when`), in the caller's
 * transaction, and records each as drizzle's migrator does (same table, hash and created_at), so the
 * server's own migrate() later sees them applied. A restore needs this and drizzle's migrate cannot
 * give it: it always goes to the newest migration, and in a transaction of its own.
 */
export async function applyMigrations(tx: Database, after: number | null, upTo: number): Promise<string[]> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const applied: string[] = [];
  for (const migration of codeMigrations()) {
    if ((after !== null && migration.when <= after) || migration.when > upTo) continue;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
    applied.push(migration.tag);
  }
  return applied;
}
