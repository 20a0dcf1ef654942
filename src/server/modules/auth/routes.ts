import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, userCreateSchema } from '../../../domain/auth';
import { messageReplySchema } from '../../../domain/replies';
import type { Role } from '../../../domain/roles';
import { demoReplySchema, loginReplySchema, registerReplySchema } from '../../../domain/user-replies';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { type Database, hasAnyUser } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { errorReplies, errorResponse } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { auditActor, record } from '../audit';
import { createUser } from '../users';
import { login } from './service';
import type { SessionStore } from './sessions';

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  sessions: SessionStore;
  /** The demo accounts to show on the login page; given only in demo mode (the app decides). */
  demoAccounts?: readonly { role: Role; email: string; password: string }[];
}> = async (app, { db, sessions, demoAccounts }) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: z.strictObject(loginSchema.shape),
        // 429: too many failed attempts from this address or for this account.
        response: { 200: loginReplySchema, ...errorReplies, 429: errorResponse },
      },
    },
    async (request) => {
      const session = await login(db, request.body, request.ip);
      return { message: 'Sesión iniciada', data: session, ...session };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], response: { 200: messageReplySchema, ...errorReplies } },
    },
    async (request) => {
      const me = currentUser(request);
      await db.transaction(async (tx) => {
        await sessions.revokeSession(tx, me);
        await record(tx, auditActor(request), { action: 'logout', entity: 'session', entityId: me.id });
      });
      return { message: 'Sesión cerrada' };
    },
  );

  // Open to anyone only while the database has no user at all (first set-up); afterwards admin only.
  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: userCreateSchema,
        response: { 201: registerReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.firstUser})`);
        const firstUser = !(await hasAnyUser(tx));
        if (!firstUser) {
          if (!request.user) throw unauthorized();
          if (request.user.role !== 'admin') throw forbidden();
        }
        return createUser(
          tx,
          firstUser ? { ...request.body, role: 'admin' } : request.body,
          auditActor(request),
        );
      });
      return reply.status(201).send({ message: 'Usuario registrado', user });
    },
  );

  app.get(
    '/api/auth/demo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        response: { 200: demoReplySchema, ...errorReplies },
      },
    },
    async () =>
      demoAccounts
        ? {
            enabled: true,
            accounts: demoAccounts
              .filter((a) => a.role !== 'finance')
              .map(({ role, email, password }) => ({ role, email, password })),
          }
        : { enabled: false },
  );
};
