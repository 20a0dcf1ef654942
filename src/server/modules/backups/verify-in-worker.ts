import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackupError } from './errors';

/** Scratch databases of verifications, hidden in BACKUP_DIR (never a backup's name); gone once checked. */
export const SCRATCH_PREFIX = '.verificacion-';

export interface VerifyJob {
  id: number;
  file: string;
  passphrase: string | undefined;
  scratchDir: string;
}

export type VerifyOutcome = { id: number } & (
  | { ok: true; rowCounts: Record<string, number> }
  | { ok: false; message: string; backupError: boolean }
);

export const INTERRUPTED_MESSAGE =
  'La verificación se interrumpió porque el servidor se cerró: el archivo quedó escrito, pero sin verificar';

const workerEntry = new URL('./verify-worker.mjs', import.meta.url);

export interface Verification {
  /** The backup's row counts once it restored, or its error (a BackupError says why in Spanish). */
  done: Promise<Record<string, number>>;
  /** Stops the worker (the server is closing): `done` rejects with INTERRUPTED_MESSAGE. */
  stop(): Promise<void>;
}

/** How long a verification thread waits for the next job before it ends, giving its memory back. */
const IDLE_MS = 60_000;

/**
 * Verifies written backups by restoring each into a scratch PGlite (verify-restore.ts) in a worker
 * thread: PGlite is WebAssembly and holds its thread for each statement, which on the server's own
 * thread left every request waiting (docs/decisions/0072). The thread is kept for the next job for a
 * minute: starting one loads tsx and the restore's modules again, seconds of CPU per backup. The
 * scratch folder is made and removed here, so a stopped thread leaves none behind.
 */
export function verificationThread() {
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let jobs = 0;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerEntry);
    started.once('exit', () => {
      if (worker === started) worker = undefined;
    });
    worker = started;
    return started;
  }

  function verify(file: string, passphrase: string | undefined): Verification {
    clearTimeout(idle);
    let running: Worker | undefined;
    let stopped = false;
    const done = (async () => {
      const scratchDir = await mkdtemp(path.join(path.dirname(file), SCRATCH_PREFIX));
      try {
        if (stopped) throw new BackupError(INTERRUPTED_MESSAGE);
        running = thread();
        // Keeps a command's process alive while it verifies; an idle thread holds nothing open.
        running.ref();
        const id = ++jobs;
        running.postMessage({ id, file, passphrase, scratchDir } satisfies VerifyJob);
        return await outcomeOf(running, id);
      } finally {
        running?.unref();
        await rm(scratchDir, { recursive: true, force: true });
        idle = setTimeout(() => {
          // Forgotten at once, so a job that comes while it ends gets a new thread.
          const ending = worker;
          worker = undefined;
          void ending?.terminate();
        }, IDLE_MS);
        idle.unref();
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
    verify,
    /** The server is closing: the thread ends (a verification under way is stopped by its own stop). */
    async close() {
      clearTimeout(idle);
      await worker?.terminate();
    },
  };
}

function outcomeOf(worker: Worker, id: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const onMessage = (outcome: VerifyOutcome) => {
      if (outcome.id !== id) return;
      off();
      if (outcome.ok) resolve(outcome.rowCounts);
      else reject(outcome.backupError ? new BackupError(outcome.message) : new Error(outcome.message));
    };
    // The thread failed to load or crashed (out of memory); the backup fails with its message.
    const onError = (error: Error) => {
      off();
      reject(error);
    };
    // Ended without answering: terminated on shutdown.
    const onExit = () => {
      off();
      reject(new BackupError(INTERRUPTED_MESSAGE));
    };
    const off = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}
