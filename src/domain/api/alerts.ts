import { STAFF } from '../access';
import { alertsQuerySchema, alertsReplySchema } from '../alerts';
import { endpoint, SIGNED_IN } from './endpoint';

/** The caller's alerts, or one sale's. */
export const alertsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/alerts',
    access: STAFF,
    query: alertsQuerySchema,
    replies: { 200: alertsReplySchema },
    errors: SIGNED_IN,
  }),
};
