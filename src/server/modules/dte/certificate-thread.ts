import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http-errors';
import type { Certificate } from './certificate';

export interface CertificateJob {
  id: number;
  file: string;
  password: string;
  now: Date;
}

export type CertificateOutcome = { id: number } & (
  | { ok: true; certificate: Certificate }
  | { ok: false; message: string; statusCode?: number; errors?: HttpError['errors'] }
);

const workerEntry = new URL('./certificate-worker.mjs', import.meta.url);
/** How long the thread waits for the next upload before it ends, giving its memory back. */
const IDLE_MS = 60_000;

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let jobs = 0;
let running = 0;

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(workerEntry);
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

/**
 * Reads a .p12 as readCertificate does, in a worker thread (decision 0081): node-forge's key
 * derivations are synchronous JavaScript, seconds for a heavy file even within the iteration limit,
 * and on the server's thread every request would wait behind them. One thread per process, started
 * at the first upload and kept a minute for the next (starting one loads tsx and node-forge again);
 * it holds the process open only while it reads.
 */
export async function readCertificateInThread(
  file: string,
  password: string,
  now: Date = new Date(),
): Promise<Certificate> {
  clearTimeout(idle);
  const reader = thread();
  reader.ref();
  running++;
  try {
    const id = ++jobs;
    reader.postMessage({ id, file, password, now } satisfies CertificateJob);
    return await outcomeOf(reader, id);
  } finally {
    if (--running === 0) {
      reader.unref();
      idle = setTimeout(() => {
        // Forgotten at once, so an upload that comes while it ends gets a new thread.
        const ending = worker;
        worker = undefined;
        void ending?.terminate();
      }, IDLE_MS);
      idle.unref();
    }
  }
}

function outcomeOf(reader: Worker, id: number): Promise<Certificate> {
  return new Promise((resolve, reject) => {
    const onMessage = (outcome: CertificateOutcome) => {
      if (outcome.id !== id) return;
      off();
      if (outcome.ok) resolve(outcome.certificate);
      else if (outcome.statusCode) reject(new HttpError(outcome.statusCode, outcome.message, outcome.errors));
      else reject(new Error(outcome.message));
    };
    // The thread failed to load or crashed: the upload fails with its message (a 500).
    const onError = (error: Error) => {
      off();
      reject(error);
    };
    const onExit = () => {
      off();
      reject(new Error('El hilo que lee certificados terminó sin responder'));
    };
    const off = () => {
      reader.off('message', onMessage);
      reader.off('error', onError);
      reader.off('exit', onExit);
    };
    reader.on('message', onMessage);
    reader.once('error', onError);
    reader.once('exit', onExit);
  });
}
