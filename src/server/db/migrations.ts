import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Applies the committed migrations the way drizzle's migrator does (same `drizzle.__drizzle_migrations`
 * table, so drizzle-kit and older databases keep working), with what an upgrade needs on top: a
 * database newer than the code is refused untouched, the backup callback runs before anything changes,
 * and a failure names the migration that failed. Every pending migration runs in one transaction, so a
 * failure leaves the database as the previous release left it.
 */

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

/** Makes a backup before pending migrations run; returns where it is, or undefined when none was made. */
export type BeforeMigrate = (pending: readonly string[]) => Promise<string | undefined>;

export interface MigrateOptions {
  beforeMigrate?: BeforeMigrate;
  /** Another folder of migrations (tests inject a failing one into a copy). */
  migrationsFolder?: string;
}

export interface MigrationStatus {
  /** How many migrations the database has applied. */
  applied: number;
  /** Tags of the code's migrations the database has not applied, in order. */
  pending: string[];
  /** When the database's migrations the code does not know were made (a newer release's), in ms. */
  unknown: number[];
}

/** One migration of the code, in journal order: drizzle's reading of its file, and its tag for messages. */
export interface CodeMigration {
  tag: string;
  /** The journal's `when`, which drizzle records as `created_at`. */
  when: number;
  hash: string;
  statements: string[];
}

const cache = new Map<string, CodeMigration[]>();

/** The code's migrations in order (read once per folder: they do not change while the server runs). */
export function codeMigrations(folder = migrationsFolder): CodeMigration[] {
  let migrations = cache.get(folder);
  if (!migrations) {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    migrations = readMigrationFiles({ migrationsFolder: folder }).map((file, index) => ({
      tag: journal.entries[index]?.tag ?? String(file.folderMillis),
      when: file.folderMillis,
      hash: file.hash,
      statements: file.sql,
    }));
    cache.set(folder, migrations);
  }
  return migrations;
}

/**
 * Either driver's database, whatever its schema: the migrations know no table of it (and client.ts,
 * whose `Database` this accepts, imports this file).
 */
type AnySchemaDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** Both drivers answer raw SQL with { rows }; the shared type cannot say so. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Compares the code's journal with the migrations the database records; changes nothing. */
export async function migrationStatus(
  db: AnySchemaDatabase,
  folder = migrationsFolder,
): Promise<MigrationStatus> {
  const journal = codeMigrations(folder);
  const [table] = rowsOf<{ exists: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`),
  );
  const rows = table?.exists
    ? rowsOf<{ created_at: string }>(
        await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
      )
    : [];
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  const known = new Set(journal.map((entry) => entry.when));
  return {
    applied: applied.size,
    pending: journal.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag),
    unknown: [...applied].filter((when) => !known.has(when)).sort((a, b) => a - b),
  };
}

/** Someone started an older release on a database a newer one migrated: nothing may touch it. */
export class DatabaseNewerError extends Error {
  constructor(unknown: number[], lastTag: string | undefined) {
    const newest = new Date(unknown[unknown.length - 1] ?? 0).toISOString().slice(0, 10);
    super(
      `La base de datos fue actualizada por una versión más nueva de la aplicación (${unknown.length} ` +
        `migración(es) que esta versión no conoce, la más reciente del ${newest}; la última de esta ` +
        `versión es ${lastTag ?? 'ninguna'}). Actualiza la aplicación a esa versión o a una posterior ` +
        'antes de iniciarla. No se cambió nada en la base de datos.',
    );
    this.name = 'DatabaseNewerError';
  }
}

/** A migration failed: the transaction rolled every pending one back. */
export class MigrationFailedError extends Error {
  constructor(
    readonly tag: string,
    cause: unknown,
    readonly backupPath: string | undefined,
  ) {
    super(
      `La migración ${tag} falló: ${databaseMessage(cause)}. La base de datos quedó como estaba antes de actualizar ` +
        '(no se aplicó ninguna migración). ' +
        (backupPath
          ? `Respaldo hecho antes de migrar: ${backupPath}.`
          : 'No se hizo un respaldo antes de migrar.'),
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

/** The database's own words: drizzle wraps them in an error that quotes the whole statement. */
function databaseMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Applies the pending migrations in one transaction. The caller serializes concurrent calls (the
 * PostgreSQL handle holds an advisory lock; PGlite has one process).
 */
export async function applyMigrations(db: AnySchemaDatabase, options: MigrateOptions = {}): Promise<void> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  const status = await migrationStatus(db, folder);
  if (status.unknown.length > 0)
    throw new DatabaseNewerError(status.unknown, codeMigrations(folder).at(-1)?.tag);
  if (status.pending.length === 0) return;
  // An empty database has nothing to lose: the backup is for upgrades.
  const backupPath = status.applied > 0 ? await options.beforeMigrate?.(status.pending) : undefined;
  const pending = new Set(status.pending);
  await db.transaction((tx) =>
    applyMigrationsIn(tx, (migration) => pending.has(migration.tag), {
      folder,
      failed: (tag, error) => new MigrationFailedError(tag, error, backupPath),
    }),
  );
}

/**
 * Applies the code's migrations that `chosen` picks, in order, inside the caller's transaction, and
 * records each as drizzle's migrator does (same table, hash and created_at), so drizzle and the server
 * see them applied. The start-up applies the pending ones; a restore the ones up to its backup's, then
 * the newer ones, all in its own transaction. Returns the tags applied.
 */
export async function applyMigrationsIn(
  tx: AnySchemaDatabase,
  chosen: (migration: CodeMigration) => boolean,
  options: { folder?: string; failed?: (tag: string, error: unknown) => Error } = {},
): Promise<string[]> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const applied: string[] = [];
  for (const migration of codeMigrations(options.folder).filter(chosen)) {
    try {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    } catch (error) {
      throw options.failed ? options.failed(migration.tag, error) : error;
    }
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
    applied.push(migration.tag);
  }
  return applied;
}

/** The newest migration drizzle recorded in a database, or null before any (or without its table). */
export async function lastAppliedMigration(
  db: AnySchemaDatabase,
): Promise<{ when: number; hash: string } | null> {
  const [table] = rowsOf<{ found: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
  );
  if (!table?.found) return null;
  const [row] = rowsOf<{ hash: string; created_at: number }>(
    await db.execute(
      // Milliseconds since 1970 fit a double exactly; both drivers then answer a number.
      sql`select hash, created_at::double precision as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ),
  );
  return row ? { when: row.created_at, hash: row.hash } : null;
}
