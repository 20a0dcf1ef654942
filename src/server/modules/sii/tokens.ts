/**
 * The SII's session tokens, kept in memory per server and per host and certificate holder until
 * `ttlMs` after they were issued: every upload and status query of that time uses the same token,
 * as the SII intends (a new seed and signature per call would be slow and is what it rate-limits).
 * A token the SII no longer knows is dropped and a new one asked for at once (worker.ts).
 */
export function tokenCache(ttlMs: number, now: () => number) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  return {
    async get(key: string, fetchToken: () => Promise<string>): Promise<string> {
      const cached = tokens.get(key);
      if (cached && cached.expiresAt > now()) return cached.token;
      const token = await fetchToken();
      tokens.set(key, { token, expiresAt: now() + ttlMs });
      return token;
    },
    drop(key: string) {
      tokens.delete(key);
    },
  };
}
