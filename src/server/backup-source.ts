import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openPglite, openPostgres } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';

/**
 * The configured database as the backup and restore commands open it: as it is, without migrating
 * (a backup records the database's own migration). PGlite is single-process, so its folder is locked
 * for the command's time, and a running server's lock is said in one line.
 */
export async function openForCommand(
  target: { databaseUrl?: string; dataDir: string },
  purpose: 'respaldar' | 'restaurar',
): Promise<{ database: DatabaseHandle; release: () => void; pgliteDir?: string }> {
  if (target.databaseUrl) return { database: await openPostgres(target.databaseUrl, 2), release: () => {} };
  const dataDir = path.resolve(target.dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (purpose === 'respaldar' && !existsSync(pgliteDir)) {
    throw new Error(`No hay base de datos en ${dataDir} (DATA_DIR): nada que respaldar.`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `No se puede ${purpose}: un servidor en marcha tiene abierta la base de ${dataDir} (PGlite admite un solo proceso); detenlo, o usa el respaldo del propio servidor.`,
    );
  }
  try {
    return { database: await openPglite(pgliteDir), release: unlock, pgliteDir };
  } catch (error) {
    unlock();
    throw error;
  }
}
