import { and, count, eq, or, sql } from 'drizzle-orm';
import type { ProfileUpdateInput, PublicUser, UserCreateInput, UserUpdateInput } from '../../../domain/auth';
import { type Pagination, paginationOf } from '../../../domain/pagination';
import type { Role } from '../../../domain/roles';
import type { Database } from '../../db/client';
import { nameSortKey } from '../../db/name-order';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { emailContains, nameContains } from '../../lib/search';
import { type AuditActor, diff, record } from '../audit';
import { hashPassword, verifyPassword } from './passwords';
import { toPublicUser } from './public-user';

export const LAST_ADMIN_MESSAGE = 'No se puede desactivar ni cambiar el rol del último administrador activo';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What user edits need from sign-in: ending a user's sessions, and checking a password under the
 * sign-in limits. The auth module provides it when the app is built, so users never imports auth
 * (auth depends on users, one way).
 */
export interface SessionControl {
  revokeUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<void>;
  /** A signed-in user's role, state, name or e-mail changed; sessions read before are stale. */
  userChanged(userId: number): void;
  /** After the commit: every app instance has forgotten the change (the request may now answer). */
  propagated(): Promise<void>;
  throttledCheck(db: Database, email: string, ip: string, check: () => Promise<boolean>): Promise<boolean>;
}

async function assertUnique(db: Database | Tx, email?: string, username?: string, exceptId?: number) {
  const clash = async (condition: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(condition, sql`${users.id} <> ${exceptId}`) : condition)
      .limit(1);
    return !!row;
  };
  if (email && (await clash(sql`lower(${users.email}) = lower(${email})`)))
    throw conflict('Ya existe un usuario con ese email');
  // "Carolina Muñoz" and "carolina munoz" are one name, as the unique index says.
  if (username && (await clash(sql`f_unaccent(lower(${users.username})) = f_unaccent(lower(${username}))`)))
    throw conflict('Ya existe un usuario con ese nombre de usuario');
}

export async function listUsers(
  db: Database,
  query: { page: number; limit: number; role?: Role; q?: string; onlyId?: number },
): Promise<{ users: PublicUser[]; pagination: Pagination }> {
  const where = and(
    query.onlyId === undefined ? undefined : eq(users.id, query.onlyId),
    query.role ? eq(users.role, query.role) : undefined,
    query.q ? or(nameContains(users.username, query.q), emailContains(users.email, query.q)) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(nameSortKey(users.username), users.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toPublicUser),
    pagination: paginationOf(query.page, query.limit, totalRow?.total ?? 0),
  };
}

export async function getUser(db: Database, id: number): Promise<PublicUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('Usuario no encontrado');
  return toPublicUser(row);
}

export async function createUser(
  db: Database,
  input: UserCreateInput,
  audit: AuditActor,
): Promise<PublicUser> {
  await assertUnique(db, input.email, input.username);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email.trim().toLowerCase(),
        passwordHash,
        role: input.role,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await record(tx, audit, { action: 'create', entity: 'user', entityId: row.id, changes: diff({}, row) });
    return toPublicUser(row);
  });
}

/** A password change is recorded as a fact, never with any form of the password itself. */
const PASSWORD_CHANGED = { field: 'password', from: null, to: 'cambiada' };

/** The entry of a user's update, and of the sessions it ended, inside the update's transaction. */
async function recordUserUpdate(
  tx: Database,
  audit: AuditActor,
  before: Record<string, unknown>,
  after: Record<string, unknown> & { id: number },
  passwordChanged: boolean,
  sessionsRevoked: boolean,
) {
  const changes = [...diff(before, after), ...(passwordChanged ? [PASSWORD_CHANGED] : [])];
  await record(tx, audit, { action: 'update', entity: 'user', entityId: after.id, changes });
  if (sessionsRevoked) await record(tx, audit, { action: 'revoke', entity: 'session', entityId: after.id });
}

/**
 * Admin edit of any user. Demoting or deactivating the last active admin is refused; the active
 * admins are locked first so two admins demoting each other at once cannot both succeed.
 */
export async function updateUser(
  db: Database,
  id: number,
  input: UserUpdateInput,
  audit: AuditActor,
  sessions: SessionControl,
): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await db.transaction(async (tx) => {
    // Lock the active admins before the target row, always in id order, so that concurrent edits
    // queue up instead of deadlocking, and each sees the admins the others left.
    const admins =
      input.role !== undefined || input.isActive !== undefined
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
            .orderBy(users.id)
            .for('update')
        : [];
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound('Usuario no encontrado');
    const losesAdmin =
      current.role === 'admin' &&
      current.isActive &&
      ((input.role !== undefined && input.role !== 'admin') || input.isActive === false);
    if (losesAdmin && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    await assertUnique(tx, input.email, input.username, id);
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        email: input.email?.trim().toLowerCase(),
        role: input.role,
        isActive: input.isActive,
        passwordHash,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound('Usuario no encontrado');
    sessions.userChanged(id);
    // A new password or a deactivation ends every open session of that user.
    const revoke = !!passwordHash || input.isActive === false;
    if (revoke) await sessions.revokeUserSessions(tx, id);
    await recordUserUpdate(tx, audit, current, row, !!passwordHash, revoke);
    return toPublicUser(row);
  });
  await sessions.propagated();
  return user;
}

/**
 * A user's own profile. A new e-mail or password needs the current password, checked under the
 * sign-in limits (a stolen token must not become a way to guess the password).
 */
export async function updateProfile(
  db: Database,
  me: { id: number; sessionId: number; ip: string },
  input: ProfileUpdateInput,
  audit: AuditActor,
  sessions: SessionControl,
): Promise<PublicUser> {
  const userId = me.id;
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw notFound('Usuario no encontrado');
  const { currentPassword } = input;
  if (
    currentPassword !== undefined &&
    !(await sessions.throttledCheck(db, current.email.trim().toLowerCase(), me.ip, () =>
      verifyPassword(current.passwordHash, currentPassword),
    ))
  ) {
    throw badRequest('La contraseña actual no es correcta', [
      { path: 'currentPassword', message: 'La contraseña actual no es correcta' },
    ]);
  }
  await assertUnique(db, input.email, input.username, userId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        email: input.email?.trim().toLowerCase(),
        passwordHash,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound('Usuario no encontrado');
    sessions.userChanged(userId);
    // Other devices signed in with the old password are signed out; this one stays.
    if (passwordHash) await sessions.revokeUserSessions(tx, userId, me.sessionId);
    await recordUserUpdate(tx, audit, current, row, !!passwordHash, !!passwordHash);
    return toPublicUser(row);
  });
  await sessions.propagated();
  return user;
}
