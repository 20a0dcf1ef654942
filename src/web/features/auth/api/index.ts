import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoReply } from '../../../../domain/user-replies';
import { lazyCall } from '../../../api/client';

export type DemoCredentials = DemoReply;
export type DemoAccount = NonNullable<DemoReply['accounts']>[number];

export const demoCredentialsQuery = queryOptions({
  queryKey: ['auth', 'demo'],
  // Loaded on first use, like the login form's schema: /login carries no zod (lazyCall says why).
  queryFn: () =>
    lazyCall(
      () => import('../../../../domain/api/auth').then((m) => m.authApi.demo),
      {},
      { skipAuthRedirect: true },
    ),
  staleTime: Number.POSITIVE_INFINITY,
  // The box is optional help; a failure just hides it instead of delaying the page with retries.
  retry: false,
});

export function useDemoCredentials() {
  return useQuery(demoCredentialsQuery);
}
