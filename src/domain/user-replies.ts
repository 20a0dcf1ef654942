import { z } from 'zod';
import { pagedReply, savedReply } from './replies';
import { ROLES } from './roles';

/** The only user fields that ever leave the server (never the password hash). */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userReplySchema = z.object({ user: publicUserSchema });
export const usersPageReplySchema = pagedReply('users', publicUserSchema);

const session = { user: publicUserSchema, token: z.string() };
/** The original client reads data.user and data.token; earlier clients read them at the top level. */
export const loginReplySchema = z.object({ message: z.string(), data: z.object(session), ...session });
export const registerReplySchema = savedReply('user', publicUserSchema);

/** The demo accounts the login page offers, only in demo mode. */
export const demoReplySchema = z.object({
  enabled: z.boolean(),
  accounts: z.array(z.object({ role: z.enum(ROLES), email: z.string(), password: z.string() })).optional(),
});
export type DemoReply = z.infer<typeof demoReplySchema>;
