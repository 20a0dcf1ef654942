import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * How long a request that changed a session or a user waits for the other instances to confirm that
 * they forgot it. An instance that does not answer in time is stuck or going away; the request answers
 * anyway rather than hang (its cache still expires within SESSION_CACHE_TTL_MS).
 */
export const PEER_WAIT_MS = 2_000;

const SYNC = 'sync:';
const ACK = 'ack:';

interface Waiter {
  acks: number;
  expected: number;
  done: () => void;
}

/**
 * Makes a session or user change take effect on every instance before the request that made it answers
 * (docs/decisions/0083-session-changes-confirmed-by-every-server.md). NOTIFY alone reaches the other
 * instances some milliseconds after the commit, while they may still serve the old role from memory.
 *
 * After its commit, the writer notifies `sync:<nonce>` on the change channel and counts the listening
 * connections in the same statement. PostgreSQL delivers notifications in commit order on each
 * connection, so an instance that receives the sync has already forgotten the change; it answers
 * `ack:<nonce>`. The writer returns once every listener (itself included) has answered.
 */
export function sessionSync(db: Database, channel: string, listenerName: string) {
  const waiters = new Map<string, Waiter>();

  return {
    /** Handles a sync or ack message; false for any other payload (a user id). */
    onMessage(payload: string): boolean {
      if (payload.startsWith(SYNC)) {
        const nonce = payload.slice(SYNC.length);
        db.execute(sql`select pg_notify(${channel}, ${ACK + nonce})`).catch(() => undefined);
        return true;
      }
      if (payload.startsWith(ACK)) {
        const waiter = waiters.get(payload.slice(ACK.length));
        if (waiter && ++waiter.acks >= waiter.expected) waiter.done();
        return true;
      }
      return false;
    },

    /** Resolves when every listening instance has heard every change committed before this call. */
    async awaitPeers(): Promise<void> {
      const nonce = randomBytes(9).toString('base64url');
      let timer: NodeJS.Timeout | undefined;
      const settled = new Promise<void>((resolve) => {
        const waiter: Waiter = { acks: 0, expected: Number.POSITIVE_INFINITY, done: resolve };
        waiters.set(nonce, waiter);
        timer = setTimeout(resolve, PEER_WAIT_MS);
      });
      try {
        const result = await db.execute(sql`select pg_notify(${channel}, ${SYNC + nonce}),
          (select count(*)::int from pg_stat_activity
            where datname = current_database() and application_name = ${listenerName}) as listeners`);
        const waiter = waiters.get(nonce);
        const listeners =
          (result as unknown as { rows: Array<{ listeners: number }> }).rows[0]?.listeners ?? 0;
        if (waiter) {
          waiter.expected = listeners;
          if (waiter.acks >= listeners) waiter.done();
        }
        await settled;
      } finally {
        clearTimeout(timer);
        waiters.delete(nonce);
      }
    },
  };
}
