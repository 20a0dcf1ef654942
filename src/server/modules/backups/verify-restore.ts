import { openPglite } from '../../db/client';
import { codeMigrations } from '../../db/migrations';
import { BackupError } from './errors';
import type { BackupManifest } from './format';
import { type BackupKeys, verifyBackupFile } from './read-file';
import { restoreBackup } from './restore';

/**
 * A written backup is trusted only once it restores: the whole file is read and checked (hash,
 * manifest), then loaded into a scratch PGlite in `scratchDir` whose counts and audit chain must
 * match. The scratch database lives in a folder on disk, not in memory: at 1,000,000 sales it takes
 * about 3.5 GB. PGlite is WebAssembly that holds its thread, so the server runs this in a worker
 * (backup-thread.ts); the caller creates and removes the folder.
 */
export async function verifyByRestoring(
  file: string,
  keys: BackupKeys,
  scratchDir: string,
): Promise<Record<string, number>> {
  const manifest = await verifyBackupFile(file, keys);
  const scratch = await openScratch(scratchDir, manifest);
  try {
    const report = await restoreBackup(scratch, file, keys, manifest);
    const wrong = report.counts.find((count) => count.actual !== count.expected);
    if (wrong) {
      throw new BackupError(
        `La verificación falló: la tabla ${wrong.table} quedó con ${wrong.actual} filas y el respaldo tiene ${wrong.expected}`,
      );
    }
    return manifest.rowCounts;
  } finally {
    await scratch.close();
  }
}

/** This thread's migrated, empty database as a data-folder tarball, made by its first verification. */
let migratedEmpty: Promise<Blob> | undefined;

/**
 * A new PGlite in `dir`, already migrated when the backup is of this code's newest migration (every
 * backup the server has just written): a new data folder costs seconds of WebAssembly (initdb, then
 * every migration), unpacking the thread's copy of one about a second, so the backups of the minute
 * the thread is kept (backup-thread.ts) pay that once. restoreBackup applies no migration then.
 */
async function openScratch(dir: string, manifest: BackupManifest) {
  if (manifest.migration.when !== codeMigrations().at(-1)?.when) return openPglite(dir);
  migratedEmpty ??= (async () => {
    const empty = await openPglite(undefined);
    try {
      await empty.migrate();
      const tarball = await empty.snapshot?.();
      if (!tarball) throw new Error('PGlite did not produce a snapshot');
      return tarball;
    } finally {
      await empty.close();
    }
  })();
  // A failed attempt is not kept: the next verification tries again.
  migratedEmpty.catch(() => {
    migratedEmpty = undefined;
  });
  return openPglite(dir, await migratedEmpty);
}
