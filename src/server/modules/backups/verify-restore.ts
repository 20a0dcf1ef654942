import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { openPglite } from '../../db/client';
import { codeMigrations } from '../../db/migrations';
import { BackupError } from './errors';
import type { BackupManifest } from './format';
import { type BackupKeys, verifyBackupFile } from './read-file';
import { restoreBackup } from './restore';

/** Backups up to this size (gzip) are restored into an in-memory PGlite: a few hundred MB at most. */
const IN_MEMORY_BYTES = 4 * 1024 * 1024;

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
  /** The largest file restored in memory; a larger one is restored in `scratchDir` on disk. */
  inMemoryBytes = IN_MEMORY_BYTES,
): Promise<Record<string, number>> {
  const manifest = await verifyBackupFile(file, keys);
  // A small backup (an agency's first months, the tests') is restored in memory: on disk its few
  // megabytes cost more in the file system's calls than in the restore itself.
  const small = (await stat(file)).size <= inMemoryBytes;
  const scratch = await openScratch(small ? undefined : scratchDir, manifest);
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

/**
 * Where this code's migrated, empty database is kept as a data-folder tarball between threads and
 * processes: named by every migration's hash, so other code (another checkout, an upgrade) makes its own.
 */
const EMPTY_PREFIX = 'agencia-verificacion-vacia-';

function emptyTarballPath(): string {
  const digest = createHash('sha256');
  for (const migration of codeMigrations()) digest.update(`${migration.when}:${migration.hash};`);
  return path.join(tmpdir(), `${EMPTY_PREFIX}${digest.digest('hex').slice(0, 16)}.tar`);
}

/** The migrated, empty database: read from its file, or made (initdb, then every migration) and kept there. */
async function makeOrReadEmpty(file: string): Promise<Blob> {
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const empty = await openPglite(undefined);
  try {
    await empty.migrate();
    const tarball = await empty.snapshot?.();
    if (!tarball) throw new Error('PGlite did not produce a snapshot');
    // Written aside and renamed: a thread that reads it never sees half a file.
    const partial = `${file}.${process.pid}.${threadId}`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, file);
    // Another code version's copies are of no more use here (one per upgrade would pile up in /tmp).
    for (const other of await readdir(path.dirname(file))) {
      if (other.startsWith(EMPTY_PREFIX) && path.join(path.dirname(file), other) !== file)
        await rm(path.join(path.dirname(file), other), { force: true });
    }
    return tarball;
  } finally {
    await empty.close();
  }
}

/** This thread's copy of the migrated, empty database, read or made by its first verification. */
let migratedEmpty: Promise<Blob> | undefined;

/**
 * A new PGlite in `dir`, already migrated when the backup is of this code's newest migration (every
 * backup the server has just written): a new data folder costs seconds of WebAssembly (initdb, then
 * every migration), unpacking a migrated one about half a second. The migrated one is made once per
 * code version on the machine (emptyTarballPath) and kept by the thread for its next verifications.
 * restoreBackup applies no migration then.
 */
async function openScratch(dir: string | undefined, manifest: BackupManifest) {
  if (manifest.migration.when !== codeMigrations().at(-1)?.when) return openPglite(dir);
  const file = emptyTarballPath();
  migratedEmpty ??= makeOrReadEmpty(file);
  // A failed attempt is not kept: the next verification tries again.
  migratedEmpty.catch(() => {
    migratedEmpty = undefined;
  });
  try {
    return await openPglite(dir, await migratedEmpty);
  } catch {
    // A kept file left damaged (a full disk, another process): made again, once, in a clean folder.
    await rm(file, { force: true });
    if (dir) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    }
    migratedEmpty = makeOrReadEmpty(file);
    return openPglite(dir, await migratedEmpty);
  }
}
