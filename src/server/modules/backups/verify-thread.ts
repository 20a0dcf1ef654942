import { parentPort, workerData } from 'node:worker_threads';
import { BackupError } from './errors';
import type { VerifyJob, VerifyOutcome } from './verify-in-worker';
import { verifyByRestoring } from './verify-restore';

// The body of the verification worker (verify-worker.mjs loads it): one job, one message back.
const { file, passphrase, scratchDir } = workerData as VerifyJob;
const reply = (outcome: VerifyOutcome) => parentPort?.postMessage(outcome);
verifyByRestoring(file, passphrase, scratchDir).then(
  (rowCounts) => reply({ ok: true, rowCounts }),
  (error: unknown) =>
    // A class does not cross threads: the message does, and whether it was meant for the person.
    reply({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      backupError: error instanceof BackupError,
    }),
);
