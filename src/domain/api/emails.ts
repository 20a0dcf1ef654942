import { ADMINS, STAFF } from '../access';
import {
  documentDraftQuerySchema,
  documentDraftSchema,
  documentEmailSchema,
  emailQueuedSchema,
} from '../document-emails';
import { emailChangedSchema, emailDetailSchema, emailListQuerySchema, emailListSchema } from '../emails';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN } from './endpoint';
import { fileReply } from './files';
import { idParams } from './params';

/**
 * Correos (docs/product.md#emails-api): the outbox. Messages are queued by the actions that send them (a document's
 * "Enviar", the morning reminders); the rest read the outbox, download a message as it would be
 * sent, and put a failed one back in line or take one out of it.
 */
export const emailsApi = {
  /**
   * "Enviar" of a document: made and attached (a quote kept as a version) and queued in one
   * transaction. 404: the record is not the user's to send; 409: not in the state its document needs.
   */
  send: endpoint({
    method: 'POST',
    path: '/api/emails',
    access: STAFF,
    body: documentEmailSchema,
    replies: { 202: emailQueuedSchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  /** What the send dialog starts from: the client's e-mail and the company's message. */
  draft: endpoint({
    method: 'GET',
    path: '/api/emails/draft',
    access: STAFF,
    query: documentDraftQuerySchema,
    replies: { 200: documentDraftSchema },
    errors: ON_RECORD,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/emails',
    access: STAFF,
    query: emailListQuerySchema,
    replies: { 200: emailListSchema },
    errors: SIGNED_IN,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/emails/:id',
    access: STAFF,
    params: idParams,
    replies: { 200: emailDetailSchema },
    errors: ON_RECORD,
  }),
  eml: endpoint({
    method: 'GET',
    path: '/api/emails/:id/eml',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('El mensaje tal como se envía (RFC 822)', ['message/rfc822']) },
    errors: ON_RECORD,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/emails/:id/retry',
    access: ADMINS,
    params: idParams,
    replies: { 200: emailChangedSchema },
    // 409: only a failed message goes back in line.
    errors: [...ON_RECORD, 409],
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/emails/:id/cancel',
    access: ADMINS,
    params: idParams,
    replies: { 200: emailChangedSchema },
    // 409: a message already sent (or cancelled) cannot be cancelled.
    errors: [...ON_RECORD, 409],
  }),
};
