import { ADMINS } from '../access';
import { siiRetriedSchema, siiRetrySchema } from '../sii';
import { endpoint, ON_RECORD_WITH_BODY } from './endpoint';
import { idParams } from './params';

/** The SII's outbox (decisions 0066 and 0070): an admin acts on one document's submission. */
export const siiApi = {
  /**
   * "Enviar ahora" of a document waiting for its next try, "Reintentar envío" of one the SII rejected
   * (the same signed XML, once the admin fixed the cause). 409: the SII already accepted it.
   */
  retry: endpoint({
    method: 'POST',
    path: '/api/sii/submissions/:id/retry',
    access: ADMINS,
    params: idParams,
    // Optional: the call needs nothing (the web sends {}); a JSON null is refused by the route.
    body: siiRetrySchema.nullish(),
    replies: { 200: siiRetriedSchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
};
