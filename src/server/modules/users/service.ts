import { and, count, eq, or, sql } from 'drizzle-orm';
import type { ProfileUpdateInput, PublicUser, UserCreateInput, UserUpdateInput } from '../../../domain/auth';
import { type Pagination, paginationOf } from '../../../domain/pagination';
import type { Role } from '../../../domain/roles';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { emailContains, nameContains } from '../../lib/search';
import { hashPassword, revokeUserSessions, verifyPassword } from '../auth';
import { toPublicUser } from './public-user';

export const LAST_ADMIN_MESSAGE = 'No se puede desactivar ni cambiar el rol del último administrador activo';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  if (username && (await clash(sql`lower(${users.username}) = lower(${username})`)))
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
      .orderBy(users.username)
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

export async function createUser(db: Database, input: UserCreateInput): Promise<PublicUser> {
  await assertUnique(db, input.email, input.username);
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPublicUser(row);
}

/**
 * Admin edit of any user. Demoting or deactivating the last active admin is refused; the active
 * admins are locked first so two admins demoting each other at once cannot both succeed.
 */
export async function updateUser(db: Database, id: number, input: UserUpdateInput): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
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
    // A new password or a deactivation ends every open session of that user.
    if (passwordHash || input.isActive === false) await revokeUserSessions(tx, id);
    return toPublicUser(row);
  });
}

/** A user's own profile. A new e-mail or password needs the current password. */
export async function updateProfile(
  db: Database,
  userId: number,
  sessionId: number,
  input: ProfileUpdateInput,
): Promise<PublicUser> {
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw notFound('Usuario no encontrado');
  if (
    input.currentPassword !== undefined &&
    !(await verifyPassword(current.passwordHash, input.currentPassword))
  ) {
    throw badRequest('La contraseña actual no es correcta', [
      { path: 'currentPassword', message: 'La contraseña actual no es correcta' },
    ]);
  }
  await assertUnique(db, input.email, input.username, userId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const [row] = await db
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
  // Other devices signed in with the old password are signed out; this one stays.
  if (passwordHash) await revokeUserSessions(db, userId, sessionId);
  return toPublicUser(row);
}
