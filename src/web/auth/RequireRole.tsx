import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import type { Role } from '../../domain/roles';
import { useCurrentUser } from './context';

export const FORBIDDEN_MESSAGE = 'No tienes permisos para acceder a esta página';

interface RequireRoleProps {
  roles: readonly Role[];
  children: ReactNode;
}

/** Screens limited to some roles: others go back to /dashboard with a notice. Use inside RequireAuth. */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const user = useCurrentUser();
  const allowed = roles.includes(user.role);

  useEffect(() => {
    // A fixed id keeps a single toast when effects run twice (StrictMode, quick re-renders).
    if (!allowed) toast.error(FORBIDDEN_MESSAGE, { id: 'forbidden' });
  }, [allowed]);

  return allowed ? children : <Navigate to="/dashboard" replace />;
}
