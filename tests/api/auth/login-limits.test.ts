import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loginAttempts, users } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/modules/users';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/** The sign-in limits of docs/decisions/0001, case by case. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const TOO_MANY = /Demasiados intentos fallidos de inicio de sesión/;

const countFailures = async (email: string) =>
  (await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, email))).length;

describe('per account and address', () => {
  it('10 failures of one account from one address refuse that pair, right password included, after a restart too', async () => {
    const user = await insertUser(ctx.db, 'sales', 'par');
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, 'incorrecta', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    // Another app instance on the same database (a restart, or a second server) sees the same count.
    const other = await buildApp({ database: ctx.database, demo: false });
    const again = await other.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.1.0.1',
    });
    expect(again.statusCode).toBe(429);
    await other.close();
    // Refused attempts are not counted: the pair is free again 15 minutes after its 10th failure.
    expect(await countFailures(user.email)).toBe(10);
  });

  it('a right password from another address gets in while the failing address stays refused', async () => {
    const user = await insertUser(ctx.db, 'sales', 'otrolado');
    for (let i = 0; i < 10; i++) await login(user.email, 'incorrecta', '10.2.0.1');
    expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(429);
    const elsewhere = await login(user.email, user.password, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().user.id).toBe(user.id);
    // Signing in clears that address's typos only; the other address's guesses still count.
    expect(await countFailures(user.email)).toBe(10);
    expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(429);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await insertUser(ctx.db, 'sales', 'antiguo');
    for (let i = 0; i < 10; i++) await login(user.email, 'incorrecta', '10.3.0.1');
    await ctx.db.execute(
      sql`update login_attempts set created_at = now() - interval '16 minutes' where email = ${user.email}`,
    );
    expect((await login(user.email, user.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('60 simultaneous wrong passwords get exactly 10 password checks; the rest are refused unchecked', async () => {
    const user = await insertUser(ctx.db, 'sales', 'rafaga');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => login(user.email, 'incorrecta', '10.4.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    // A 401 is only ever answered after a real password check.
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(50);
    expect(await countFailures(user.email)).toBe(10);
  });
});

describe('per account across addresses', () => {
  it('spaces out password checks with a growing delay instead of locking the account', async () => {
    const user = await insertUser(ctx.db, 'sales', 'demora');
    // Ten failures, one from each of ten addresses: no pair is over its limit.
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, 'incorrecta', `10.5.0.${i}`)).statusCode).toBe(401);
    }
    // The server's own schedule: each attempt is stored with the moment its check may run. Under load
    // a request may start late, so the gaps are at least the delay, and an answer never comes before
    // its moment; neither depends on how long the previous answer took.
    const scheduledAt = async (ip: string) => {
      const [row] = await ctx.db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, user.email), eq(loginAttempts.ip, ip)));
      if (!row) throw new Error(`no attempt from ${ip}`);
      return row.at.getTime();
    };
    const answered = async (password: string, ip: string) => {
      const res = await login(user.email, password, ip);
      return { status: res.statusCode, at: Date.now() };
    };
    const tenth = await scheduledAt('10.5.0.9');
    const ips = ['10.5.1.1', '10.5.1.2', '10.5.1.3'];
    const answers: { status: number; at: number }[] = [];
    for (const ip of ips) answers.push(await answered('incorrecta', ip));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    const scheduled = await Promise.all(ips.map(scheduledAt));
    const [eleventh = 0, twelfth = 0, thirteenth = 0] = scheduled;
    // 250 ms after the 10th failure, then 500 ms, then 1 s.
    expect(eleventh - tenth).toBeGreaterThanOrEqual(250);
    expect(twelfth - eleventh).toBeGreaterThanOrEqual(500);
    expect(thirteenth - twelfth).toBeGreaterThanOrEqual(1000);
    // The checks waited for their moment.
    answers.forEach((answer, i) => {
      expect(answer.at, ips[i]).toBeGreaterThanOrEqual(scheduled[i] as number);
    });
    // Not a lock: the right password, from an address that is not itself blocked, still gets in, 2 s
    // after the 13th failure (its own attempt is cleared by the success, so the 13th is the reference).
    const owner = await answered(user.password, '10.5.2.1');
    expect(owner.status).toBe(200);
    expect(owner.at - thirteenth).toBeGreaterThanOrEqual(2000);
  });

  it('answers 429 with the wait in seconds when the queue of checks is longer than 30 seconds', async () => {
    const user = await insertUser(ctx.db, 'sales', 'cola');
    // 17 failures from as many addresses (checks now 30 s apart), the last one queued 20 s ahead.
    await ctx.db.insert(loginAttempts).values(
      Array.from({ length: 17 }, (_, i) => ({
        email: user.email,
        ip: `10.6.0.${i}`,
        createdAt: new Date(Date.now() + (i === 16 ? 20_000 : 0)),
      })),
    );
    const res = await login(user.email, user.password, '10.6.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Vuelve a intentarlo en (49|50) segundos/);
    expect(await countFailures(user.email)).toBe(17);
  });
});

describe('per address', () => {
  it('an office of 50 sharing one address, each mistyping once, all get in', async () => {
    const passwordHash = await hashPassword('oficina123');
    const staff = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: `oficina_${i}`,
          email: `oficina${i}@test.cl`,
          role: 'sales' as const,
          passwordHash,
        })),
      )
      .returning({ email: users.email });
    for (const { email } of staff) expect((await login(email, 'oficina12', '10.7.0.1')).statusCode).toBe(401);
    for (const { email } of staff)
      expect((await login(email, 'oficina123', '10.7.0.1')).statusCode).toBe(200);
  });

  it('refuses an address after 100 failures on any accounts, and only that address', async () => {
    const failures = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({ email: `intruso${from + i}@test.cl`, ip: '10.8.0.1' }));
    await ctx.db.insert(loginAttempts).values(failures(0, 99));
    expect((await login(ctx.users.admin.email, ctx.users.admin.password, '10.8.0.1')).statusCode).toBe(200);
    await ctx.db.insert(loginAttempts).values(failures(99, 100));
    const here = await login(ctx.users.finance.email, ctx.users.finance.password, '10.8.0.1');
    expect(here.statusCode).toBe(429);
    expect(here.json().message).toMatch(TOO_MANY);
    expect((await login(ctx.users.finance.email, ctx.users.finance.password, '10.8.0.2')).statusCode).toBe(
      200,
    );
  });
});

describe('PUT /api/users/me with a wrong current password', () => {
  it('counts like a sign-in failure: 429 after 10 from one address, the same count as the login', async () => {
    const user = await insertUser(ctx.db, 'sales', 'oraculo');
    const token = (await login(user.email, user.password, '10.9.0.1')).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const put = (currentPassword: string, ip: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers,
        payload: { password: 'nueva-clave', currentPassword },
        remoteAddress: ip,
      });
    for (let i = 0; i < 9; i++) {
      const wrong = await put('mala-clave', '10.9.0.2');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    }
    // The tenth failure of the pair is a sign-in; both count together.
    expect((await login(user.email, 'mala-clave', '10.9.0.2')).statusCode).toBe(401);
    const limited = await put(user.password, '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.9.0.2')).statusCode).toBe(429);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, user.email), eq(loginAttempts.ip, '10.9.0.2')));
    expect(row?.n).toBe(10);
    // From an address that is not blocked, the right current password still changes it.
    expect((await put(user.password, '10.9.0.3')).statusCode).toBe(200);
  });
});
