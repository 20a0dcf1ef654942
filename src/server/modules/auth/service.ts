import { sql } from 'drizzle-orm';
import type { LoginInput, PublicUser } from '../../../domain/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { toPublicUser } from '../users/public-user';
import { throttledCheck } from './login-throttle';
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
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const valid = await throttledCheck(db, email, ip, async () =>
    user
      ? (await verifyPassword(user.passwordHash, input.password)) && user.isActive
      : verifyAgainstDummy(input.password).then(() => false),
  );
  if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  return { user: toPublicUser(user), token: await createSession(db, user.id) };
}
