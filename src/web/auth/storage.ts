import type { PublicUser } from '../../domain/auth';
import { isRole } from '../../domain/roles';
import { TOKEN_KEY, USER_KEY } from '../api/stored-credentials';

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
