import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';

export interface OpenOptions {
  /**
   * Backs the database up before pending migrations run (called only when there are some); returns
   * the backup's path, which the message of a failed migration names.
   */
  beforeMigrate?: (database: DatabaseHandle, pending: readonly string[]) => Promise<string | undefined>;
}

/**
 * Opens the configured database and applies pending migrations: PostgreSQL when DATABASE_URL is
 * set, otherwise PGlite in DATA_DIR under an exclusive lock (PGlite is single-process).
 */
export async function openConfiguredDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<{ database: DatabaseHandle; unlock: () => void }> {
  if (config.databaseUrl) {
    const database = await migrated(await openPostgres(config.databaseUrl), options);
    return { database, unlock: () => {} };
  }
  const dataDir = path.resolve(config.dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const database = await migrated(await openPglite(path.join(dataDir, 'pglite')), options);
    return { database, unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The database with its migrations applied, or closed when they could not be. */
async function migrated(database: DatabaseHandle, { beforeMigrate }: OpenOptions): Promise<DatabaseHandle> {
  try {
    await database.migrate({
      beforeMigrate: beforeMigrate && ((pending) => beforeMigrate(database, pending)),
    });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
