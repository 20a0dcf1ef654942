import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackupError } from './errors';

/** Scratch databases of verifications, hidden in BACKUP_DIR (never a backup's name); gone once checked. */
export const SCRATCH_PREFIX = '.verificacion-';

export interface VerifyJob {
  file: string;
  passphrase: string | undefined;
  scratchDir: string;
}

export type VerifyOutcome =
  | { ok: true; rowCounts: Record<string, number> }
  | { ok: false; message: string; backupError: boolean };

export const INTERRUPTED_MESSAGE =
  'La verificación se interrumpió porque el servidor se cerró: el archivo quedó escrito, pero sin verificar';

const workerEntry = new URL('./verify-worker.mjs', import.meta.url);

export interface Verification {
  /** The backup's row counts once it restored, or its error (a BackupError says why in Spanish). */
  done: Promise<Record<string, number>>;
  /** Stops the worker (the server is closing): `done` rejects with INTERRUPTED_MESSAGE. */
  stop(): Promise<void>;
}

/**
 * Verifies a written backup by restoring it into a scratch PGlite (verify-restore.ts) in a worker
 * thread: PGlite is WebAssembly and holds its thread for each statement, which on the server's own
 * thread left every request waiting (docs/decisions/0072). The scratch folder is made and removed
 * here, so a stopped worker leaves none behind.
 */
export function verifyInWorker(file: string, passphrase: string | undefined): Verification {
  let worker: Worker | undefined;
  let stopped = false;
  const done = (async () => {
    const scratchDir = await mkdtemp(path.join(path.dirname(file), SCRATCH_PREFIX));
    try {
      if (stopped) throw new BackupError(INTERRUPTED_MESSAGE);
      const job: VerifyJob = { file, passphrase, scratchDir };
      const started = new Worker(workerEntry, { workerData: job });
      worker = started;
      try {
        return await outcomeOf(started);
      } finally {
        // Its loader hooks may keep an idle thread alive; the folder goes once the thread is gone.
        await started.terminate();
      }
    } finally {
      await rm(scratchDir, { recursive: true, force: true });
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      await worker?.terminate();
      await done.catch(() => undefined);
    },
  };
}

function outcomeOf(worker: Worker): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    worker.once('message', (outcome: VerifyOutcome) => {
      if (outcome.ok) resolve(outcome.rowCounts);
      else reject(outcome.backupError ? new BackupError(outcome.message) : new Error(outcome.message));
    });
    // The thread failed to load or crashed (out of memory); the backup fails with its message.
    worker.once('error', reject);
    // Ended without answering: terminated on shutdown (after a message, the promise is settled).
    worker.once('exit', () => reject(new BackupError(INTERRUPTED_MESSAGE)));
  });
}
