import { HttpError } from '../../lib/http-errors';
import { answerOf, keptWorker } from '../../lib/kept-worker';
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

const kept = keptWorker(workerEntry, IDLE_MS);
let jobs = 0;

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
  const reader = kept.acquire();
  try {
    const id = ++jobs;
    reader.postMessage({ id, file, password, now } satisfies CertificateJob);
    // The thread failed to load or crashed: the upload fails with its message (a 500).
    const outcome = await answerOf<CertificateOutcome>(
      reader,
      id,
      () => new Error('El hilo que lee certificados terminó sin responder'),
    );
    if (outcome.ok) return outcome.certificate;
    if (outcome.statusCode) throw new HttpError(outcome.statusCode, outcome.message, outcome.errors);
    throw new Error(outcome.message);
  } finally {
    kept.release();
  }
}
