// RequireRole is deliberately not re-exported: it pulls in sonner, and everything here is part of the
// /login bundle. Import it from './auth/RequireRole'.
export { AuthProvider } from './AuthProvider';
export { canCall, useCanCall } from './can-call';
export { type AuthContextValue, type SessionStatus, useAuth, useCurrentUser } from './context';
export { RequireAuth } from './RequireAuth';
