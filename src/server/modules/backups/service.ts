import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupDto } from '../../../domain/backups';
import type { DatabaseHandle } from '../../db/client';
import { conflict } from '../../lib/http-errors';
import { getCompanySettings } from '../company';
import {
  backupThread,
  INTERRUPTED_MESSAGE,
  SCRATCH_PREFIX,
  type ThreadWork,
  type ThreadWriteOptions,
} from './backup-thread';
import { BackupError } from './errors';
import {
  backupDto,
  failInterrupted,
  findBackup,
  HEARTBEAT_MS,
  insertRunning,
  markFailed,
  markVerified,
  markWritten,
  renewHeartbeat,
} from './queries';
import { applyRetention } from './retention';
import { backupFileName, removeStalePartials, writeBackup } from './write-file';

/** Where the app writes its backups (BACKUP_DIR, BACKUP_PASSPHRASE). */
export interface BackupSettings {
  dir: string;
  passphrase?: string;
  /** Runs between writing and verifying: a test damages the file here to see verification fail. */
  beforeVerify?: (file: string) => Promise<void>;
  /** How often a running backup renews its heartbeat (HEARTBEAT_MS; a test shortens it to watch it). */
  heartbeatMs?: number;
}

export const BACKUP_RUNNING_MESSAGE = 'Ya hay un respaldo en curso';

/**
 * Scratch folders left by a verification that a stop cut off. Called once this backup's row is the
 * running one: one backup runs at a time across servers, so no other verification is under way.
 */
async function removeLeftScratch(dir: string) {
  const names = await readdir(dir).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(SCRATCH_PREFIX)))
    await rm(path.join(dir, name), { recursive: true, force: true });
}

const reasonOf = (error: unknown) =>
  error instanceof BackupError
    ? error.message
    : `El respaldo falló: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Backups made from the app, one at a time across every server on the database: `start` records the
 * row and returns it at once; the file is written and verified in the background, and the row ends
 * 'verified' or 'failed'. While it works the row's heartbeat is renewed, so another server can tell a
 * backup in progress from one whose server died. Each file is signed with the app's `secretKey`, and
 * its verification requires that signature (decision 0080).
 */
export function backupService(
  database: DatabaseHandle,
  settings: BackupSettings,
  secretKey: string,
  onLost: (error: unknown) => void,
) {
  const { db } = database;
  let current: Promise<void> | null = null;
  /** The verification under way, stopped when the server closes; `closing` keeps another from starting. */
  let verification: ThreadWork<Record<string, number>> | null = null;
  let closing = false;
  const thread = backupThread();

  /**
   * On PostgreSQL the thread writes the file from a connection of its own (decision 0075); PGlite's
   * database lives on this thread, so its backup is written here.
   */
  function write(options: ThreadWriteOptions) {
    const url = database.connectionString;
    return url ? thread.write(url, options).done : writeBackup(database, options);
  }

  async function run(id: number, fileName: string, prune: boolean) {
    // A failed renewal is not the backup's failure: the lease is long enough to miss a few.
    const heartbeat = setInterval(
      () => void renewHeartbeat(db, id).catch(() => {}),
      settings.heartbeatMs ?? HEARTBEAT_MS,
    );
    heartbeat.unref();
    try {
      await removeLeftScratch(settings.dir);
      await removeStalePartials(settings.dir);
      const written = await write({
        dir: settings.dir,
        file: fileName,
        passphrase: settings.passphrase,
        secretKey,
      });
      await markWritten(db, id, written);
      await settings.beforeVerify?.(written.path);
      if (closing) throw new BackupError(INTERRUPTED_MESSAGE);
      verification = thread.verify(written.path, { passphrase: settings.passphrase, secretKey });
      const rowCounts = await verification.done.finally(() => {
        verification = null;
      });
      await markVerified(db, id, rowCounts);
    } catch (error) {
      await markFailed(db, id, reasonOf(error));
      // Nothing is pruned after a failure: the older backups are all there is.
      return;
    } finally {
      clearInterval(heartbeat);
    }
    if (prune) await pruneOlder();
  }

  /** Retention, only once a newer backup verified; its own failure leaves that backup verified. */
  async function pruneOlder() {
    const company = await getCompanySettings(db);
    const keep = {
      daily: company.backupKeepDaily,
      weekly: company.backupKeepWeekly,
      monthly: company.backupKeepMonthly,
    };
    await applyRetention(db, settings.dir, keep, company.timeZone);
  }

  return {
    /**
     * `prune`: the daily schedule's backups apply retention once verified; one made by hand keeps
     * everything (the next daily one prunes).
     */
    async start(createdBy: number | null, prune = false): Promise<BackupDto> {
      // This server's own backup first, without the database: its row must not be judged by the
      // lease below, whose heartbeat a busy PGlite may not have renewed yet.
      if (current) throw conflict(BACKUP_RUNNING_MESSAGE);
      // Claimed before the first await, so two requests at once cannot both start one.
      let release = () => {};
      current = new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => {
        current = null;
      });
      try {
        // Another server's row whose heartbeat stopped would otherwise block every backup.
        await failInterrupted(db);
        const row = await insertRunning(
          db,
          backupFileName(new Date(), Boolean(settings.passphrase)),
          createdBy,
        );
        // Another server is making one.
        if (!row) throw conflict(BACKUP_RUNNING_MESSAGE);
        // Only recording the outcome can fail here (the database went away): the server's log says so.
        void run(row.id, row.fileName, prune).catch(onLost).finally(release);
        return backupDto(row);
      } catch (error) {
        release();
        throw error;
      }
    },
    /** A backup made now and waited for, as it ended (verified or failed): what must precede a removal. */
    async startAndWait(createdBy: number): Promise<BackupDto> {
      const started = await this.start(createdBy);
      await (current ?? Promise.resolve());
      const row = await findBackup(db, started.id);
      return row ? backupDto(row) : started;
    },
    /** Resolves when no backup is being made: the app waits for it before closing the database. */
    idle: (): Promise<void> => current ?? Promise.resolve(),
    /**
     * The server is closing: a verification under way is stopped (its backup ends failed, the file
     * kept) rather than waited for, since at 1,000,000 sales it takes minutes; a backup being
     * written still finishes, as it holds the database's snapshot.
     */
    async stop(): Promise<void> {
      closing = true;
      await verification?.stop();
      await (current ?? Promise.resolve());
      await thread.close();
    },
  };
}
