import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../domain/api/auth';
import type { DemoReply } from '../../../domain/user-replies';
import { call } from '../../api/client';

export type DemoCredentials = DemoReply;
export type DemoAccount = NonNullable<DemoReply['accounts']>[number];

export const demoCredentialsQuery = queryOptions({
  queryKey: ['auth', 'demo'],
  queryFn: () => call(authApi.demo, {}, { skipAuthRedirect: true }),
  staleTime: Number.POSITIVE_INFINITY,
  // The box is optional help; a failure just hides it instead of delaying the page with retries.
  retry: false,
});

export function useDemoCredentials() {
  return useQuery(demoCredentialsQuery);
}
