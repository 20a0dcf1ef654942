import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** After this many failures for one e-mail or one IP within the window, sign-in is refused (429). */
export const MAX_FAILED_LOGINS = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera 15 minutos antes de volver a intentarlo.';

export async function isLoginBlocked(db: Database, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(gt(loginAttempts.createdAt, since), or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))),
    );
  return (row?.byEmail ?? 0) >= MAX_FAILED_LOGINS || (row?.byIp ?? 0) >= MAX_FAILED_LOGINS;
}

export async function recordFailedLogin(db: Database, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip });
  // Old rows only cost space; dropping them here keeps the table small without a scheduler.
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

/** A successful sign-in clears that account's failures (not the IP's: one good password must not unlock guessing). */
export async function clearFailedLogins(db: Database, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
