import type { PublicUser } from '../../domain/auth';
import { isRole } from '../../domain/roles';

/** Local storage keys of spec section 9; the API client clears them on a 401. */
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'auth_user';

export interface StoredSession {
  token: string;
  user: PublicUser;
}

export function readStoredSession(): StoredSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as PublicUser;
    // A hand-edited or outdated entry must not crash the app; treat it as no session.
    return user && typeof user.username === 'string' && isRole(user.role) ? { token, user } : null;
  } catch {
    return null;
  }
}

export function storeSession({ token, user }: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: PublicUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
