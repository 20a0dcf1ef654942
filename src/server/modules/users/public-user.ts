import type { PublicUser } from '../../../domain/user-replies';
import type { users } from '../../db/schema';

/** The only user fields that ever leave the server (never the password hash). */
export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
