import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../domain/roles';
import { api } from '../../api/client';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

export interface DemoCredentials {
  enabled: boolean;
  accounts?: DemoAccount[];
}

export const demoCredentialsQuery = queryOptions({
  queryKey: ['auth', 'demo'],
  queryFn: () => api.get<DemoCredentials>('/api/auth/demo', { skipAuthRedirect: true }),
  staleTime: Number.POSITIVE_INFINITY,
  // The box is optional help; a failure just hides it instead of delaying the page with retries.
  retry: false,
});

export function useDemoCredentials() {
  return useQuery(demoCredentialsQuery);
}
