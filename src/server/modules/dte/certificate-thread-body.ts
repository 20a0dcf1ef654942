import { parentPort } from 'node:worker_threads';
import { HttpError } from '../../lib/http-errors';
import { readCertificate } from './certificate';
import type { CertificateJob, CertificateOutcome } from './certificate-thread';

// The body of the certificate thread (certificate-worker.mjs loads it): one message back per job.
parentPort?.on('message', (job: CertificateJob) => {
  let outcome: CertificateOutcome;
  try {
    // The KeyObject and the dates cross to the server's thread as they are (structured clone).
    outcome = { id: job.id, ok: true, certificate: readCertificate(job.file, job.password, job.now) };
  } catch (error) {
    // A class does not cross threads: its status and messages do, and the server makes it again.
    outcome = {
      id: job.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof HttpError ? { statusCode: error.statusCode, errors: error.errors } : {}),
    };
  }
  parentPort?.postMessage(outcome);
});
