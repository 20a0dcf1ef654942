import type { Role } from '../../domain/roles';
import { unauthorized } from '../lib/http-errors';

/**
 * The signed-in user of a request, as the auth module resolves it from a bearer token; the access
 * guard (`access.ts`) sets it on every API request before the handler runs.
 */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a route whose access requires one. */
export function currentUser(request: { user: AuthUser | null }): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
