import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * Opens the configured database and applies pending migrations: PostgreSQL when DATABASE_URL is
 * set, otherwise PGlite in DATA_DIR under an exclusive lock (PGlite is single-process).
 */
export async function openConfiguredDatabase(
  config: Config,
): Promise<{ database: DatabaseHandle; unlock: () => void }> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await database.migrate();
    return { database, unlock: () => {} };
  }
  const dataDir = path.resolve(config.dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await database.migrate();
    return { database, unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}
