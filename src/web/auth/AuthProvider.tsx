import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { PublicUser } from '../../domain/auth';
import { ConnectionError, errorStatus, lazyCall, setUnauthorizedHandler } from '../api/client';
import { connection } from '../api/connection';
import { clearStoredSession } from '../api/stored-credentials';
import { AuthContext, type AuthContextValue, type SessionStatus } from './context';
import { type ExpiredSessionState, expiredSessionState } from './expired-session';
import { readStoredSession, storeSession, storeUser } from './storage';

/** The session's endpoints, loaded on first use (lazyCall says why). */
const usersMe = () => import('../../domain/api/users').then((m) => m.usersApi.me);

interface SessionState {
  status: SessionStatus;
  user: PublicUser | null;
  /** Set when the server ended the session (a 401): RequireAuth hands it to /login. */
  expired?: ExpiredSessionState;
}

function initialState(): SessionState {
  const stored = readStoredSession();
  // The stored user is shown only once the server confirms the token at start-up; a refusal clears it.
  return stored ? { status: 'loading', user: null } : { status: 'unauthenticated', user: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>(initialState);
  const queryClient = useQueryClient();

  const endSession = useCallback(
    (expired?: ExpiredSessionState) => {
      clearStoredSession();
      // Cached data belongs to the previous user and must not leak to the next one.
      queryClient.clear();
      setSession({ status: 'unauthenticated', user: null, expired });
    },
    [queryClient],
  );

  /** The user the server answered (the start-up check, Mi cuenta's saves): stored and shown at once. */
  const replaceUser = useCallback((user: PublicUser) => {
    storeUser(user);
    setSession({ status: 'authenticated', user });
  }, []);

  // On a 401 the guard (RequireAuth) sends the browser to /login, saying why and where it was: one
  // redirect only, since a second navigation started meanwhile would drop that state.
  useEffect(
    () => setUnauthorizedHandler(() => endSession(expiredSessionState(window.location))),
    [endSession],
  );

  useEffect(() => {
    if (!readStoredSession()) return;
    let cancelled = false;
    let stopWaiting = () => {};
    const check = () =>
      lazyCall(usersMe, {}, { skipAuthRedirect: true })
        .then(({ user }) => {
          if (cancelled) return;
          replaceUser(user);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          // No answer (the server restarting, the network down) says nothing about the session: keep
          // it, and check again once the server answers (the connection notice's "Reintentar").
          if (error instanceof ConnectionError) {
            const retryOnceReached = () => {
              if (connection.getSnapshot().lost) return;
              stopWaiting();
              void check();
            };
            stopWaiting = connection.subscribe(retryOnceReached);
            // Another request may have reached the server since this one failed.
            retryOnceReached();
            return;
          }
          // A stored session the server no longer accepts has expired; any other refusal just ends it.
          endSession(errorStatus(error) === 401 ? expiredSessionState(window.location) : undefined);
        });
    void check();
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, [endSession, replaceUser]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { user, token } = await lazyCall(
        () => import('../../domain/api/auth').then((m) => m.authApi.login),
        { body: { email, password } },
        { skipAuthRedirect: true },
      );
      queryClient.clear();
      storeSession({ token, user });
      setSession({ status: 'authenticated', user });
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await lazyCall(
        () => import('../../domain/api/auth').then((m) => m.authApi.logout),
        {},
        { skipAuthRedirect: true },
      );
    } catch (error) {
      // A failed logout is only logged, with no message to the user; the local session ends regardless.
      console.error('Logout failed', error);
    } finally {
      endSession();
    }
  }, [endSession]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...session, login, logout, replaceUser }),
    [session, login, logout, replaceUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
