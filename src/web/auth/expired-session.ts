/**
 * What a 401 hands to /login through the router's location state: why the user is there and the page
 * to return to after signing in again.
 */
export interface ExpiredSessionState {
  expired: true;
  from: string;
}

export const EXPIRED_SESSION_MESSAGE = 'Tu sesión expiró, inicia sesión de nuevo';

export function expiredSessionState(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): ExpiredSessionState {
  return { expired: true, from: `${location.pathname}${location.search}${location.hash}` };
}

/** The state, if it is one; anything else in history state (or a crafted one) is ignored. */
export function readExpiredSession(state: unknown): ExpiredSessionState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { expired, from } = state as Record<string, unknown>;
  // Only a path of this app: never another origin ("//host") and never /login itself.
  const safe = typeof from === 'string' && /^\/(?!\/)/.test(from) && !from.startsWith('/login');
  return expired === true && safe ? { expired, from } : null;
}
