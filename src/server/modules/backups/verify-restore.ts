import { openPglite } from '../../db/client';
import { BackupError } from './errors';
import { verifyBackupFile } from './read-file';
import { restoreBackup } from './restore';

/**
 * A written backup is trusted only once it restores: the whole file is read and checked (hash,
 * manifest), then loaded into a scratch PGlite in `scratchDir` whose counts and audit chain must
 * match. The scratch database lives in a folder on disk, not in memory: at 1,000,000 sales it takes
 * about 3.5 GB. PGlite is WebAssembly that holds its thread, so the server runs this in a worker
 * (verify-in-worker.ts); the caller creates and removes the folder.
 */
export async function verifyByRestoring(
  file: string,
  passphrase: string | undefined,
  scratchDir: string,
): Promise<Record<string, number>> {
  const manifest = await verifyBackupFile(file, passphrase);
  const scratch = await openPglite(scratchDir);
  try {
    const report = await restoreBackup(scratch, file, passphrase, manifest);
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
