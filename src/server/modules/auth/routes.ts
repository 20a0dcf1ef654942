import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '../../../domain/api/auth';
import type { Role } from '../../../domain/roles';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { type Database, hasAnyUser } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor, record } from '../audit';
import { hasDemoData } from '../company';
import { createUser } from '../users';
import { login } from './service';
import type { SessionStore } from './sessions';

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  sessions: SessionStore;
  /** The demo accounts to show on the login page; given only in demo mode (the app decides). */
  demoAccounts?: readonly { role: Role; email: string; password: string }[];
}> = async (app, { db, sessions, demoAccounts }) => {
  const tags = ['auth'];

  app.route({
    ...routeOf(authApi.login, tags),
    handler: async (request) => {
      const session = await login(db, request.body, request.ip);
      return { message: 'Sesión iniciada', data: session, ...session };
    },
  });

  app.route({
    ...routeOf(authApi.logout, tags),
    handler: async (request) => {
      const me = currentUser(request);
      await db.transaction(async (tx) => {
        await sessions.revokeSession(tx, me);
        await record(tx, auditActor(request), { action: 'logout', entity: 'session', entityId: me.id });
      });
      await sessions.propagated();
      return { message: 'Sesión cerrada' };
    },
  });

  // Open to anyone only while the database has no user at all (first set-up); afterwards admin only.
  app.route({
    ...routeOf(authApi.register, tags),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(authApi.demo, tags),
    // Once an admin removed the demo agency ("Empezar con mis datos"), its accounts are no more.
    handler: async () =>
      demoAccounts && (await hasDemoData(db))
        ? {
            enabled: true,
            accounts: demoAccounts
              .filter((a) => a.role !== 'finance')
              .map(({ role, email, password }) => ({ role, email, password })),
          }
        : { enabled: false },
  });
};
