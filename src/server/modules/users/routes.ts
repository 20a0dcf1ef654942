import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema, userCreateSchema, userUpdateSchema } from '../../../domain/auth';
import { paginationQuerySchema } from '../../../domain/pagination';
import { ROLES } from '../../../domain/roles';
import { userReplySchema, usersPageReplySchema } from '../../../domain/user-replies';
import type { Database } from '../../db/client';
import { errorReplies, idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { auditActor } from '../audit';
import { createUser, getUser, listUsers, type SessionControl, updateProfile, updateUser } from './service';

const userResponse = { 200: userReplySchema, ...errorReplies };

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; sessions: SessionControl }> = async (
  app,
  { db, sessions },
) => {
  app.get(
    '/api/users/me',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], response: userResponse } },
    async (request) => ({ user: await getUser(db, currentUser(request).id) }),
  );

  app.put(
    '/api/users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], body: profileUpdateSchema, response: userResponse },
    },
    async (request) => {
      const me = currentUser(request);
      return {
        user: await updateProfile(db, { ...me, ip: request.ip }, request.body, auditActor(request), sessions),
      };
    },
  );

  app.get(
    '/api/users',
    {
      // The spec's sale form loads its seller picker from here for every user: a seller, who may only
      // sell as themselves, gets a list holding just their own record.
      config: { access: ['admin', 'sales'] },
      schema: {
        tags: ['users'],
        querystring: paginationQuerySchema.extend({
          role: z.enum(ROLES).optional(),
          q: z.string().trim().max(100).optional(),
        }),
        response: { 200: usersPageReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return listUsers(db, { ...request.query, onlyId: me.role === 'admin' ? undefined : me.id });
    },
  );

  app.post(
    '/api/users',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['users'],
        body: userCreateSchema,
        response: { 201: userReplySchema, ...errorReplies },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ user: await createUser(db, request.body, auditActor(request)) }),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: ['admin'] },
      schema: { tags: ['users'], params: idParams, response: userResponse },
    },
    async (request) => ({ user: await getUser(db, request.params.id) }),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: ['admin'] },
      schema: { tags: ['users'], params: idParams, body: userUpdateSchema, response: userResponse },
    },
    async (request) => ({
      user: await updateUser(db, request.params.id, request.body, auditActor(request), sessions),
    }),
  );

  // Users are deactivated, never erased: their sales and payments keep pointing at them.
  app.delete(
    '/api/users/:id',
    {
      config: { access: ['admin'] },
      schema: { tags: ['users'], params: idParams, response: userResponse },
    },
    async (request) => ({
      user: await updateUser(db, request.params.id, { isActive: false }, auditActor(request), sessions),
    }),
  );
};
