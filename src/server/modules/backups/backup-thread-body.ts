import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { openPostgres } from '../../db/client';
import type { BackupJob, JobOutcome } from './backup-thread';
import { BackupError } from './errors';
import { verifyByRestoring } from './verify-restore';
import { writeBackup } from './write-file';

// The body of the backups' thread (backup-worker.mjs loads it): one message back per job.

/*
 * Backups are background work: on Linux a thread's nice value is its own (setpriority on the calling
 * thread), so this thread yields the cores to the requests' thread and PostgreSQL's backends when
 * they want them, and takes what they leave. Elsewhere it would renice the whole server: left alone.
 */
const BACKGROUND_NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // Not allowed (a sandbox's seccomp): the backup only competes at the server's priority.
  }
}

async function perform(job: BackupJob): Promise<unknown> {
  if (job.kind === 'verify') return verifyByRestoring(job.file, job.keys, job.scratchDir);
  // One connection of its own: the dump is one repeatable-read transaction read through a cursor.
  const database = await openPostgres(job.connectionString, 1);
  try {
    return await writeBackup(database, job.options);
  } finally {
    await database.close();
  }
}

const reply = (outcome: JobOutcome) => parentPort?.postMessage(outcome);
parentPort?.on('message', (job: BackupJob) => {
  perform(job).then(
    (value) => reply({ id: job.id, ok: true, value }),
    (error: unknown) =>
      // A class does not cross threads: the message does, and whether it was meant for the person.
      reply({
        id: job.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        backupError: error instanceof BackupError,
      }),
  );
});
