import { z } from 'zod';
import { ADMINS, SELLERS } from '../access';
import { profileUpdateSchema, userCreateSchema, userUpdateSchema } from '../auth';
import { paginationQuerySchema } from '../pagination';
import { ROLES } from '../roles';
import { userReplySchema, usersPageReplySchema } from '../user-replies';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { idParams } from './params';

/** The users of the agency and each user's own profile. */
export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/users/me',
    access: 'authenticated',
    replies: { 200: userReplySchema },
    // Any signed-in user: no role to refuse.
    errors: [400, 401],
  }),
  updateMe: endpoint({
    method: 'PUT',
    path: '/api/users/me',
    access: 'authenticated',
    body: profileUpdateSchema,
    replies: { 200: userReplySchema },
    // 409: the e-mail or name is taken; 429: the current password is checked under the sign-in limits.
    errors: [400, 401, 409, 413, 415, 429],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    access: SELLERS,
    query: paginationQuerySchema.extend({
      role: z.enum(ROLES).optional(),
      q: z.string().trim().max(100).optional(),
    }),
    replies: { 200: usersPageReplySchema },
    errors: SIGNED_IN,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    access: ADMINS,
    body: userCreateSchema,
    replies: { 201: userReplySchema },
    errors: [...WITH_BODY, 409],
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: userReplySchema },
    errors: ON_RECORD,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    access: ADMINS,
    params: idParams,
    body: userUpdateSchema,
    replies: { 200: userReplySchema },
    // 409: the e-mail or name is taken, or the last active admin would be lost.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  deactivate: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: userReplySchema },
    // 409: the last active admin.
    errors: [...ON_RECORD, 409],
  }),
};
