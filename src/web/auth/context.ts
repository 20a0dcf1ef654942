import { createContext, useContext } from 'react';
import type { PublicUser } from '../../domain/auth';
import type { ExpiredSessionState } from './expired-session';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: SessionStatus;
  user: PublicUser | null;
  /** Why and from where the session ended when the server refused it (a 401). */
  expired?: ExpiredSessionState;
  login: (email: string, password: string) => Promise<PublicUser>;
  logout: () => Promise<void>;
  /** The signed-in user as the server answered after changing it (Mi cuenta): shown at once everywhere. */
  replaceUser: (user: PublicUser) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For screens behind <RequireAuth>, where a missing user is a wiring mistake, not a state. */
export function useCurrentUser(): PublicUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser must be used behind <RequireAuth>');
  return user;
}
