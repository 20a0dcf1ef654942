import { parentPort } from 'node:worker_threads';
import { BackupError } from './errors';
import type { VerifyJob, VerifyOutcome } from './verify-in-worker';
import { verifyByRestoring } from './verify-restore';

// The body of the verification thread (verify-worker.mjs loads it): one message back per job.
const reply = (outcome: VerifyOutcome) => parentPort?.postMessage(outcome);
parentPort?.on('message', ({ id, file, passphrase, scratchDir }: VerifyJob) => {
  verifyByRestoring(file, passphrase, scratchDir).then(
    (rowCounts) => reply({ id, ok: true, rowCounts }),
    (error: unknown) =>
      // A class does not cross threads: the message does, and whether it was meant for the person.
      reply({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        backupError: error instanceof BackupError,
      }),
  );
});
