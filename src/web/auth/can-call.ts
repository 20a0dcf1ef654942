import { allows } from '../../domain/access';
import type { EndpointShape } from '../../domain/api/endpoint';
import type { Role } from '../../domain/roles';
import { useCurrentUser } from './context';

/**
 * Whether `role` may call `endpoint`, as its declaration says (`access`, src/domain/access.ts): the
 * server refuses the others with 403, so a screen does not offer them the action. What a role may do
 * within an allowed call (a seller's own sales) is still the server's to judge.
 */
export function canCall(endpoint: Pick<EndpointShape, 'access'>, role: Role): boolean {
  return allows(endpoint.access, role);
}

/** Whether the signed-in user may call `endpoint`; for screens behind <RequireAuth>. */
export function useCanCall(endpoint: Pick<EndpointShape, 'access'>): boolean {
  return canCall(endpoint, useCurrentUser().role);
}
