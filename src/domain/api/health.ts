import { healthReplySchema } from '../health';
import { endpoint } from './endpoint';

/** Whether the server and its database answer: public, for monitors and the connection notice. */
export const healthApi = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    replies: { 200: healthReplySchema },
    // Public: only an unknown query parameter is refused.
    errors: [400],
  }),
};
