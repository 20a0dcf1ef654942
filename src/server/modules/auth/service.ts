import { sql } from 'drizzle-orm';
import type { LoginInput, PublicUser } from '../../../domain/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import { toPublicUser, verifyAgainstDummy, verifyPassword } from '../users';
import { throttledCheck } from './login-throttle';
import { createSession } from './sessions';

/**
 * The login failure text (docs/product.md#login); the same for an unknown e-mail, a wrong password or a
 * disabled user.
 */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export async function login(
  db: Database,
  input: LoginInput,
  ip: string,
): Promise<{ user: PublicUser; token: string }> {
  const anonymous: AuditActor = { userId: null, username: null, ip };
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const valid = await throttledCheck(db, email, ip, async () =>
    user
      ? (await verifyPassword(user.passwordHash, input.password)) && user.isActive
      : verifyAgainstDummy(input.password).then(() => false),
  );
  if (!user || !valid) {
    // Who tried is unknown (docs/product.md#audit-trail: no user on a failed sign-in); the address typed is
    // kept.
    const changes = [{ field: 'email', from: null, to: email }];
    await db.transaction((tx) =>
      record(tx, anonymous, { action: 'login_failed', entity: 'session', entityId: null, changes }),
    );
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  }
  const token = await db.transaction(async (tx) => {
    const created = await createSession(tx, user.id);
    const actor = { userId: user.id, username: user.username, ip };
    await record(tx, actor, { action: 'login', entity: 'session', entityId: user.id });
    return created;
  });
  return { user: toPublicUser(user), token };
}
