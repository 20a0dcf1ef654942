import { healthReplySchema, notReadyReplySchema, readyReplySchema } from '../health';
import { endpoint } from './endpoint';

/** Whether the server and its database answer: public, for monitors and the connection notice. */
export const healthApi = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    replies: { 200: healthReplySchema },
    // Public: only an unknown query parameter is refused.
    errors: [400],
  }),
  /** Whether this instance may take traffic: public, for load balancers; 503 says what is wrong. */
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    replies: { 200: readyReplySchema, 503: notReadyReplySchema },
    errors: [400],
  }),
};
