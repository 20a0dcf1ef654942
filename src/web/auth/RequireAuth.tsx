import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { useAuth } from './context';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, expired } = useAuth();
  if (status === 'loading') return <Spinner className="min-h-screen" />;
  if (status === 'unauthenticated') return <Navigate to="/login" replace state={expired} />;
  return children;
}
