import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersApi } from '../../../domain/api/users';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { createUser, getUser, listUsers, type SessionControl, updateProfile, updateUser } from './service';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; sessions: SessionControl }> = async (
  app,
  { db, sessions },
) => {
  const tags = ['users'];

  app.route({
    ...routeOf(usersApi.me, tags),
    handler: async (request) => ({ user: await getUser(db, currentUser(request).id) }),
  });

  app.route({
    ...routeOf(usersApi.updateMe, tags),
    handler: async (request) => {
      const me = currentUser(request);
      return {
        user: await updateProfile(db, { ...me, ip: request.ip }, request.body, auditActor(request), sessions),
      };
    },
  });

  app.route({
    ...routeOf(usersApi.list, tags),
    // The sale form loads its seller picker from here for every user: a seller, who may only sell as
    // themselves, gets a list holding just their own record.
    handler: async (request) => {
      const me = currentUser(request);
      return listUsers(db, { ...request.query, onlyId: me.role === 'admin' ? undefined : me.id });
    },
  });

  app.route({
    ...routeOf(usersApi.create, tags),
    handler: async (request, reply) =>
      reply.status(201).send({ user: await createUser(db, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(usersApi.one, tags),
    handler: async (request) => ({ user: await getUser(db, request.params.id) }),
  });

  app.route({
    ...routeOf(usersApi.update, tags),
    handler: async (request) => ({
      user: await updateUser(db, request.params.id, request.body, auditActor(request), sessions),
    }),
  });

  // Users are deactivated, never erased: their sales and payments keep pointing at them.
  app.route({
    ...routeOf(usersApi.deactivate, tags),
    handler: async (request) => ({
      user: await updateUser(db, request.params.id, { isActive: false }, auditActor(request), sessions),
    }),
  });
};
