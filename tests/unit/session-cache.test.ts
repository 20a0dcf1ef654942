// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../../src/server/modules/auth/session-cache';
import type { AuthUser } from '../../src/server/plugins/current-user';

const user = (id: number, sessionId = id * 10): AuthUser => ({
  id,
  username: `u${id}`,
  email: `u${id}@test.cl`,
  role: 'sales',
  sessionId,
});
const NOW = 1_000_000;
const FAR = NOW + 60 * 60 * 1000;

function listeningCache() {
  const cache = new SessionCache();
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps a session for the cache lifetime at most', () => {
    const cache = listeningCache();
    cache.put('a', user(1), FAR, cache.generation, NOW);
    expect(cache.get('a', NOW + SESSION_CACHE_TTL_MS - 1)?.id).toBe(1);
    expect(cache.get('a', NOW + SESSION_CACHE_TTL_MS)).toBeUndefined();
  });

  it('never past the session limit (idle or absolute) the database gave', () => {
    const cache = listeningCache();
    cache.put('a', user(1), NOW + 100, cache.generation, NOW);
    expect(cache.get('a', NOW + 99)?.id).toBe(1);
    expect(cache.get('a', NOW + 100)).toBeUndefined();
  });

  it('keeps nothing while it is not listening for changes, and forgets everything when it stops', () => {
    const cache = new SessionCache();
    cache.put('a', user(1), FAR, cache.generation, NOW);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.setListening(true);
    cache.put('a', user(1), FAR, cache.generation, NOW);
    expect(cache.get('a', NOW)?.id).toBe(1);
    cache.setListening(false);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.put('a', user(1), FAR, cache.generation, NOW);
    expect(cache.size).toBe(0);
  });

  it('forgets every session of a changed user and only theirs', () => {
    const cache = listeningCache();
    cache.put('a', user(1, 10), FAR, cache.generation, NOW);
    cache.put('b', user(1, 11), FAR, cache.generation, NOW);
    cache.put('c', user(2), FAR, cache.generation, NOW);
    cache.forgetUser(1);
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('b', NOW)).toBeUndefined();
    expect(cache.get('c', NOW)?.id).toBe(2);
  });

  it('does not store what a lookup read before a change arrived', () => {
    const cache = listeningCache();
    const before = cache.generation;
    // The lookup is at the database when the change comes in.
    cache.forgetUser(7);
    cache.put('a', user(1), FAR, before, NOW);
    expect(cache.get('a', NOW)).toBeUndefined();
  });

  it('a cached user cannot be altered by whoever received it', () => {
    const cache = listeningCache();
    cache.put('a', user(1), FAR, cache.generation, NOW);
    const got = cache.get('a', NOW) as AuthUser;
    expect(() => {
      (got as { role: string }).role = 'admin';
    }).toThrow();
  });
});
