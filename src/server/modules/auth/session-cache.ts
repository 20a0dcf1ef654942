import type { AuthUser } from '../../plugins/current-user';

/**
 * How long an instance trusts a session it has read, without asking the database again. Revocations
 * reach every instance at once through NOTIFY; this only bounds the damage of a message lost
 * in a way the listener did not notice.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every user of an agency many times over; beyond it the oldest entry goes. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: AuthUser;
  /** Epoch ms; never past the session's idle or absolute limit. */
  until: number;
}

/**
 * Signed-in sessions by token, so that most requests skip the session query and the token's hash.
 * Off until the instance listens for session changes, and emptied whenever it stops listening: a
 * revocation it could not hear about must not be served from memory.
 *
 * A lookup that read the database before a change arrived must not store what it read: each lookup
 * takes the current generation first and `put` ignores it when any change came in meanwhile.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generationCount = 0;
  private listening = false;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get generation(): number {
    return this.generationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  get(token: string, now = Date.now()): AuthUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.entries.delete(token);
    return undefined;
  }

  /** Keeps a session read from the database at `generation`, until `limit` at the latest. */
  put(token: string, user: AuthUser, limit: number, generation: number, now = Date.now()): void {
    if (!this.listening || generation !== this.generationCount) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { user: Object.freeze(user), until: Math.min(limit, now + this.ttlMs) });
  }

  /** Something about this user or one of their sessions changed: forget all of theirs. */
  forgetUser(userId: number): void {
    this.generationCount++;
    for (const [token, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(token);
    }
  }

  /** On only while change messages arrive; any switch forgets everything. */
  setListening(listening: boolean): void {
    this.generationCount++;
    this.entries.clear();
    this.listening = listening;
  }
}
