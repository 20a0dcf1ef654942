import { sql } from 'drizzle-orm';
import type { LoginInput, PublicUser } from '../../../domain/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { toPublicUser } from '../users/public-user';
import {
  clearFailedLogins,
  isLoginBlocked,
  recordFailedLogin,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession } from './sessions';

/** The spec's login failure text; the same for an unknown e-mail, a wrong password or a disabled user. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export async function login(
  db: Database,
  input: LoginInput,
  ip: string,
): Promise<{ user: PublicUser; token: string }> {
  const email = input.email.trim().toLowerCase();
  if (await isLoginBlocked(db, email, ip)) throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid || !user.isActive) {
    await recordFailedLogin(db, email, ip);
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  }
  await clearFailedLogins(db, email);
  return { user: toPublicUser(user), token: await createSession(db, user.id) };
}
