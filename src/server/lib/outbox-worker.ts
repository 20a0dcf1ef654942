import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../db/client';

/** The wait after a try: `baseMs` after the first, doubled each time, at most `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** The wait after the `tries`th try in a row (1 = the first). */
export const backoffMs = (tries: number, backoff: Backoff) =>
  Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, tries - 1));

/**
 * Takes the oldest due row of an outbox table for `leaseMs` and counts the try, in one statement: of
 * several servers at once each gets a different row (FOR UPDATE SKIP LOCKED), and a row whose lease
 * is in the future is another server's. `due` says which rows wait for a try (status and
 * next_attempt_at); the table has the columns `id`, `attempts` and `locked_until`. A server that dies
 * mid-try leaves its lease to expire, and the next claimer tries the same row again.
 */
export async function claimDue(
  db: Database,
  table: PgTable,
  due: SQL,
  leaseMs: number,
): Promise<{ id: number; attempts: number } | undefined> {
  const result = await db.execute(sql`
    update ${table} set attempts = attempts + 1,
      locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = (select id from ${table}
      where ${due} and (locked_until is null or locked_until < now())
      order by id for update skip locked limit 1)
    returning id, attempts`);
  // Both drivers answer raw SQL with { rows }; the shared type cannot say so.
  return (result as unknown as { rows: { id: number; attempts: number }[] }).rows[0];
}

export interface WorkerLoopOptions {
  database: DatabaseHandle;
  /** The NOTIFY channel whose messages (a row committed, on any server) wake the worker. */
  channel: string;
  /** How often to look for due rows besides the wake-ups (retries that came due, a lost wake-up). */
  pollMs: number;
  /** Claims and handles one due row; false when none is due. */
  next(): Promise<boolean>;
  onError(error: unknown): void;
}

/**
 * An outbox's worker loop (docs/decisions/0053): handles one row at a time until none is due, when
 * woken and every `pollMs`. Timers are unref'd; `stop` waits for the row under way.
 */
export function startWorkerLoop(o: WorkerLoopOptions) {
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  async function drain() {
    do {
      again = false;
      while (!stopped && (await o.next()));
    } while (again && !stopped);
  }

  /** Starts draining, or asks the drain under way to look once more when it ends. */
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(o.onError)
      .finally(() => {
        running = undefined;
      });
  }

  const poll = setInterval(wake, o.pollMs);
  poll.unref();
  const unlisten = o.database.listen?.(o.channel, wake, (listening) => listening && wake());
  wake();

  return {
    wake,
    /** Waits until nothing is due or under way (tests). */
    async idle() {
      while (running) await running;
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(poll);
        await (await unlisten)?.();
        await running;
      })();
      return stopping;
    },
  };
}
export type WorkerLoop = ReturnType<typeof startWorkerLoop>;
