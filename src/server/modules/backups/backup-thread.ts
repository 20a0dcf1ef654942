import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { answerOf, keptWorker } from '../../lib/kept-worker';
import { BackupError } from './errors';
import type { BackupKeys } from './read-file';
import type { WriteBackupOptions, WrittenBackup } from './write-file';

/** Scratch databases of verifications, hidden in BACKUP_DIR (never a backup's name); gone once checked. */
export const SCRATCH_PREFIX = '.verificacion-';

/** writeBackup's options that cross to the thread: not `createSink`, a function does not cross. */
export type ThreadWriteOptions = Pick<WriteBackupOptions, 'dir' | 'file' | 'passphrase' | 'secretKey'>;

/** A PostgreSQL backup written from a connection of the thread's own (write-file.ts). */
interface WriteRequest {
  kind: 'write';
  connectionString: string;
  options: ThreadWriteOptions;
}

/** A written file restored into a scratch PGlite in `scratchDir` (verify-restore.ts). */
interface VerifyRequest {
  kind: 'verify';
  file: string;
  keys: BackupKeys;
  scratchDir: string;
}

export type BackupJob = { id: number } & (WriteRequest | VerifyRequest);

export type JobOutcome = { id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; message: string; backupError: boolean }
);

export const INTERRUPTED_MESSAGE =
  'La verificación se interrumpió porque el servidor se cerró: el archivo quedó escrito, pero sin verificar';

const workerEntry = new URL('./backup-worker.mjs', import.meta.url);

export interface ThreadWork<T> {
  /** The job's result, or its error (a BackupError says why in Spanish). */
  done: Promise<T>;
  /** Stops the worker (the server is closing): `done` rejects with INTERRUPTED_MESSAGE. */
  stop(): Promise<void>;
}

/** How long the thread waits for the next job before it ends, giving its memory back. */
const IDLE_MS = 60_000;

/**
 * The backups' worker thread (docs/decisions/0072 and 0075): it verifies written backups by restoring
 * each into a scratch PGlite, WebAssembly that holds its thread for each statement, and on PostgreSQL
 * it writes them too, so neither the restore's batches nor the dump's rows (parsed, joined, hashed)
 * keep requests waiting on the server's thread. The thread is kept for the next job for a minute:
 * starting one loads tsx and the backup's modules again, seconds of CPU per backup. A verification's
 * scratch folder is made and removed here, so a stopped thread leaves none behind.
 */
export function backupThread() {
  const kept = keptWorker(workerEntry, IDLE_MS);
  let jobs = 0;

  /** Sends the job `prepare` makes; `cleanUp` runs after it however it ended. */
  function submit<T>(
    prepare: () => Promise<WriteRequest | VerifyRequest>,
    cleanUp?: () => Promise<void>,
  ): ThreadWork<T> {
    let running: Worker | undefined;
    let stopped = false;
    const done = (async () => {
      try {
        const request = await prepare();
        if (stopped) throw new BackupError(INTERRUPTED_MESSAGE);
        running = kept.acquire();
        const id = ++jobs;
        running.postMessage({ ...request, id } satisfies BackupJob);
        const outcome = await answerOf<JobOutcome>(running, id, () => new BackupError(INTERRUPTED_MESSAGE));
        if (outcome.ok) return outcome.value as T;
        throw outcome.backupError ? new BackupError(outcome.message) : new Error(outcome.message);
      } finally {
        if (running) kept.release();
        await cleanUp?.();
      }
    })();
    return {
      done,
      async stop() {
        stopped = true;
        await running?.terminate();
        await done.catch(() => undefined);
      },
    };
  }

  return {
    write: (connectionString: string, options: ThreadWriteOptions): ThreadWork<WrittenBackup> =>
      submit(async () => ({ kind: 'write', connectionString, options })),
    verify(file: string, keys: BackupKeys): ThreadWork<Record<string, number>> {
      let scratchDir: string | undefined;
      return submit(
        async () => {
          scratchDir = await mkdtemp(path.join(path.dirname(file), SCRATCH_PREFIX));
          return { kind: 'verify', file, keys, scratchDir };
        },
        async () => {
          if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
        },
      );
    },
    /** The server is closing: the thread ends (a verification under way is stopped by its own stop). */
    close: () => kept.close(),
  };
}
