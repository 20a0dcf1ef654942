import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { countValue } from '../../db/money';
import { loginAttempts } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';

/** Limits of docs/decisions/0001, all over the same 15-minute window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address: beyond this, that pair is refused (429). */
export const PAIR_LIMIT = 10;
/** Failures from one address on any accounts: far above what an office sharing one IP ever types. */
export const ADDRESS_LIMIT = 100;
/** Failures of one account from all addresses before its password checks start to be spaced out. */
export const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_BASE_DELAY_MS = 250;
const ACCOUNT_MAX_DELAY_MS = 30_000;
/** A sign-in waits for its turn at most this long; a longer queue answers 429 with the wait. */
const MAX_WAIT_MS = 30_000;

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera 15 minutos antes de volver a intentarlo.';
const accountBusyMessage = (seconds: number) =>
  `Demasiados intentos fallidos en esta cuenta. Vuelve a intentarlo en ${seconds} segundos.`;

/** The spacing between password checks of an account, growing with its failures from any address. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, ACCOUNT_BASE_DELAY_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

/** An attempt counted before its password is checked; `at` is the moment the check may run. */
export interface LoginAttempt {
  email: string;
  ip: string;
  at: Date;
}

/**
 * Counts an attempt as a failure before the password is verified, so a burst of simultaneous guesses
 * cannot get more checks than the limit: the account's attempts are serialised by an advisory lock
 * held only for the count and the insert. Throws 429 when the pair or the address is over its limit,
 * or when the account's queue of spaced-out checks is longer than a person would wait.
 */
export async function beginAttempt(db: Database, email: string, ip: string): Promise<LoginAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.loginAttempts}, hashtext(${email}))`);
    const since = new Date(Date.now() - LOGIN_WINDOW_MS);
    const [counts] = await tx
      .select({
        pair: countValue(
          sql`count(*) filter (where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip})`,
        ),
        address: countValue(sql`count(*) filter (where ${loginAttempts.ip} = ${ip})`),
        account: countValue(sql`count(*) filter (where ${loginAttempts.email} = ${email})`),
        // Epoch milliseconds: one representation on both drivers, whatever they make of timestamptz;
        // a float8, which both drivers give as a number.
        lastAtMs: sql<number>`coalesce(extract(epoch from max(${loginAttempts.createdAt}) filter (where ${loginAttempts.email} = ${email})) * 1000, 0)::float8`,
      })
      .from(loginAttempts)
      .where(
        and(gt(loginAttempts.createdAt, since), or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))),
      );
    if ((counts?.pair ?? 0) >= PAIR_LIMIT || (counts?.address ?? 0) >= ADDRESS_LIMIT) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    }
    const now = Date.now();
    const at = Math.max(now, (counts?.lastAtMs ?? 0) + accountDelayMs(counts?.account ?? 0));
    if (at - now > MAX_WAIT_MS) throw new HttpError(429, accountBusyMessage(Math.ceil((at - now) / 1000)));
    await tx.insert(loginAttempts).values({ email, ip, createdAt: new Date(at) });
    return { email, ip, at: new Date(at) };
  });
}

/** Waits for the attempt's turn (no connection or lock is held meanwhile). */
export async function waitForTurn(attempt: LoginAttempt): Promise<void> {
  const wait = attempt.at.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A right password clears the failures of that account from that address only: the typos of the
 * person who just signed in, not the guesses made elsewhere (which keep spacing the account's checks).
 * A wrong one stays counted.
 */
export async function settleAttempt(db: Database, attempt: LoginAttempt, succeeded: boolean): Promise<void> {
  if (succeeded) {
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, attempt.email), eq(loginAttempts.ip, attempt.ip)));
    return;
  }
  // Old rows only cost space; dropping them here keeps the table small without a scheduler.
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

/** Runs a password check under the limits: counted first, spaced out, then settled by its result. */
export async function throttledCheck(
  db: Database,
  email: string,
  ip: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const attempt = await beginAttempt(db, email, ip);
  await waitForTurn(attempt);
  const ok = await check();
  await settleAttempt(db, attempt, ok);
  return ok;
}
