import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { listenerName } from '../../db/notifications';
import { sessions, users } from '../../db/schema';
import type { AuthUser } from '../../plugins/current-user';
import { SessionCache } from './session-cache';
import { sessionSync } from './session-sync';

/**
 * A session ends 12 h after sign-in or after 30 min without requests
 * (docs/decisions/0001-sessions-and-login-limits.md).
 */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Touching last_seen_at on every request would make each read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type { AuthUser };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/**
 * The signed-in user behind a token hash and how long the session may be trusted without asking
 * again (its idle or absolute limit, whichever comes first), or null when it is unknown, expired,
 * idle or revoked.
 */
async function readSession(
  db: Database,
  tokenHash: string,
): Promise<{ user: AuthUser; limit: number } | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  let lastSeen = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    lastSeen = now.getTime();
  }
  const { lastSeenAt: _seen, expiresAt, ...user } = row;
  return { user, limit: Math.min(expiresAt.getTime(), lastSeen + SESSION_IDLE_MS) };
}

async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of a user, optionally keeping the one making the change. */
async function revokeUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/** Sessions as one app instance sees them: lookups served from a short cache, revocations that clear it. */
export interface SessionStore {
  findUser(token: string): Promise<AuthUser | null>;
  revokeSession(db: Database, session: { sessionId: number; id: number }): Promise<void>;
  revokeUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<void>;
  /** The user's role, state, name or e-mail changed: what this instance remembers of them is stale. */
  userChanged(userId: number): void;
  /**
   * After the commit of such a change: resolves once every instance has forgotten what it changed, so
   * the request that made it can answer (on PGlite there is one instance and nothing to wait for).
   */
  propagated(): Promise<void>;
  close(): Promise<void>;
}

/** The channel that migrations/0009 notifies with a user id whenever a session or its user changes. */
const CHANGES_CHANNEL = 'session_changes';

/**
 * Sessions with an in-memory cache (session-cache.ts) that lives only while the database tells this
 * instance about every change. A change made here is forgotten here at once; the NOTIFY that the
 * database sends at commit reaches the other instances (and this one again, after the commit).
 */
export async function openSessionStore(database: DatabaseHandle): Promise<SessionStore> {
  const cache = new SessionCache();
  const { db } = database;
  // PGlite hands a notification to its listeners before the committing query returns (one process).
  const sync =
    database.kind === 'postgres'
      ? sessionSync(db, CHANGES_CHANNEL, listenerName(CHANGES_CHANNEL))
      : undefined;
  const stopListening = database.listen
    ? await database.listen(
        CHANGES_CHANNEL,
        (payload) => {
          if (sync?.onMessage(payload)) return;
          const userId = Number(payload);
          if (Number.isSafeInteger(userId)) cache.forgetUser(userId);
          else cache.setListening(true);
        },
        (listening) => cache.setListening(listening),
      )
    : undefined;
  return {
    async findUser(token) {
      // Cached by the token itself: hashing it (the database keeps only the hash) cost about 15 µs
      // of every request's CPU. The process holds the token while it serves the request anyway.
      const cached = cache.get(token);
      if (cached) return cached;
      const generation = cache.generation;
      const found = await readSession(db, hashToken(token));
      if (!found) return null;
      cache.put(token, found.user, found.limit, generation);
      return found.user;
    },
    async revokeSession(tx, session) {
      cache.forgetUser(session.id);
      await revokeSession(tx, session.sessionId);
    },
    async revokeUserSessions(tx, userId, keepSessionId) {
      cache.forgetUser(userId);
      await revokeUserSessions(tx, userId, keepSessionId);
    },
    userChanged: (userId) => cache.forgetUser(userId),
    propagated: async () => sync?.awaitPeers(),
    close: async () => {
      await stopListening?.();
      cache.setListening(false);
    },
  };
}
