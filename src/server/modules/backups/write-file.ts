import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { Encrypter } from 'age-encryption';
import type { DatabaseHandle } from '../../db/client';
import { dumpLines } from './dump';
import { BackupError } from './errors';
import { normaliseGzipHeader } from './gzip-header';

export interface WriteBackupOptions {
  /** Folder of the backup (BACKUP_DIR); the file is named by its time unless `file` is given. */
  dir: string;
  file?: string;
  /** BACKUP_PASSPHRASE: the file is then age-encrypted (scrypt), readable by `age -d` too. */
  passphrase?: string;
  /** The server's secret key (secret-key.ts): the file is signed with it, and a restore needs it. */
  secretKey: string;
  /** age's scrypt cost (log2 N); age's default (18, a few seconds) unless a test needs it faster. */
  scryptWorkFactor?: number;
  /** Where the bytes go before the rename; a test hands one that fails like a full disk. */
  createSink?: (tempPath: string) => Writable;
}

export interface WrittenBackup {
  path: string;
  bytes: number;
  /** SHA-256 of the file as written (encrypted or not), to compare a copy kept elsewhere. */
  fileSha256: string;
  encrypted: boolean;
}

const timeStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/** `respaldo-2025-03-01T05-00-00-000Z.ndjson.gz`, `.age` at the end when encrypted. */
export const backupFileName = (date: Date, encrypted: boolean) =>
  `respaldo-${timeStamp(date)}.ndjson.gz${encrypted ? '.age' : ''}`;

/** A file being written, hidden until renamed (`writeBackup`); left behind only by a killed process. */
const PARTIAL = /^\..+\.partial$/;
/** Far beyond any backup's writing time (1,000,000 sales: under 2 minutes), so none in progress is touched. */
const STALE_PARTIAL_MS = 6 * 3_600_000;

/** Removes the `.partial` files of backups killed while being written, hours ago. */
export async function removeStalePartials(dir: string, now = Date.now()) {
  for (const name of (await readdir(dir).catch(() => [])).filter((n) => PARTIAL.test(n))) {
    const file = path.join(dir, name);
    const modified = (await stat(file).catch(() => null))?.mtimeMs;
    if (modified !== undefined && now - modified > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
}

/**
 * Writes one backup file: the dump of one snapshot, gzip, optionally age, into a hidden temporary
 * name in the same folder, flushed to disk (fsync) and only then renamed to its final name, and the
 * folder synced. A process killed meanwhile, or a write that fails (disk full), leaves no file under a
 * backup's name; the temporary file is removed on any error.
 */
export async function writeBackup(
  database: DatabaseHandle,
  options: WriteBackupOptions,
): Promise<WrittenBackup> {
  const encrypted = Boolean(options.passphrase);
  const target = path.resolve(options.dir, options.file ?? backupFileName(new Date(), encrypted));
  await mkdir(path.dirname(target), { recursive: true });
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`,
  );
  const digest = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await database.db.transaction(
      async (tx) => {
        const source = Readable.from(dumpLines(tx, database.kind, options.secretKey));
        const sink = options.createSink?.(temp) ?? createWriteStream(temp, { flags: 'wx', flush: true });
        if (!options.passphrase)
          return await pipeline(source, createGzip(), normaliseGzipHeader(), hashing, sink);
        // age takes and gives web streams: two pipelines, and the first failure is the one to report.
        const gzip = normaliseGzipHeader();
        await firstFailure([
          pipeline(source, createGzip(), gzip),
          pipeline(await encrypt(gzip, options), hashing, sink),
        ]);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await rename(temp, target);
    await syncFolder(path.dirname(target));
  } catch (error) {
    await rm(temp, { force: true });
    throw writeError(error, target);
  }
  return { path: target, bytes: (await stat(target)).size, fileSha256: digest.digest('hex'), encrypted };
}

async function firstFailure(steps: Promise<void>[]) {
  let first: { error: unknown } | undefined;
  await Promise.allSettled(
    steps.map((step) =>
      step.catch((error: unknown) => {
        first ??= { error };
      }),
    ),
  );
  if (first) throw first.error;
}

async function encrypt(compressed: Readable, options: WriteBackupOptions): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(options.passphrase ?? '');
  if (options.scryptWorkFactor) encrypter.setScryptWorkFactor(options.scryptWorkFactor);
  const encrypted = await encrypter.encrypt(Readable.toWeb(compressed) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(encrypted as WebReadableStream<Uint8Array>);
}

/** The rename is only durable once the folder's entry is on disk too. */
async function syncFolder(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function writeError(error: unknown, target: string): Error {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new BackupError(`No queda espacio en disco para el respaldo ${target}: no se guardó nada.`);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new BackupError(`No se puede escribir el respaldo en ${path.dirname(target)} (permiso denegado).`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new BackupError(`El respaldo falló y no se guardó nada (${target}): ${message}`);
}
