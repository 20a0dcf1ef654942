import { z } from 'zod';
import { loginSchema, userCreateSchema } from '../auth';
import { messageReplySchema } from '../replies';
import { demoReplySchema, loginReplySchema, registerReplySchema } from '../user-replies';
import { endpoint } from './endpoint';

/** Signing in and out, the first user, and the demo accounts of the login page. */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    body: z.strictObject(loginSchema.shape),
    replies: { 200: loginReplySchema },
    // Public: 401 for wrong credentials; 429 for too many failed attempts from this address or account.
    errors: [400, 401, 413, 415, 429],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'authenticated',
    replies: { 200: messageReplySchema },
    // Any signed-in user: no role to refuse.
    errors: [400, 401],
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    body: userCreateSchema,
    replies: { 201: registerReplySchema },
    // Public while there is no user; afterwards admin only (401, 403). 409: the e-mail or name is taken.
    errors: [400, 401, 403, 409, 413, 415],
  }),
  demo: endpoint({
    method: 'GET',
    path: '/api/auth/demo',
    access: 'public',
    replies: { 200: demoReplySchema },
    errors: [400],
  }),
};
