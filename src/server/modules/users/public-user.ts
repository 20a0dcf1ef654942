import { z } from 'zod';
import type { PublicUser } from '../../../domain/auth';
import { ROLES } from '../../../domain/roles';
import type { users } from '../../db/schema';

export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
});

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
