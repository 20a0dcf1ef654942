import { z } from 'zod';
import { ADMINS, BOOKKEEPERS, STAFF } from '../access';
import {
  commissionCloseReplySchema,
  commissionMonth,
  commissionMonthParams,
  commissionRulesBodySchema,
  commissionRulesReplySchema,
  commissionsQuerySchema,
  commissionsReplySchema,
} from '../commissions';
import { endpoint, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';

/**
 * Seller commissions (docs/decisions/0100-seller-commissions.md): the company's rules, a month's
 * commissions by seller (a seller sees only their own, which the handler enforces), its export, and the
 * close that freezes it.
 */
export const commissionsApi = {
  rules: endpoint({
    method: 'GET',
    path: '/api/company/commission-rules',
    access: BOOKKEEPERS,
    replies: { 200: commissionRulesReplySchema },
    errors: SIGNED_IN,
  }),
  saveRules: endpoint({
    method: 'PUT',
    path: '/api/company/commission-rules',
    access: ADMINS,
    body: commissionRulesBodySchema,
    replies: { 200: commissionRulesReplySchema },
    errors: WITH_BODY,
  }),
  month: endpoint({
    method: 'GET',
    path: '/api/commissions',
    access: STAFF,
    query: commissionsQuerySchema,
    replies: { 200: commissionsReplySchema },
    errors: SIGNED_IN,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/commissions/export',
    access: STAFF,
    query: exportQuery({ month: commissionMonth }),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/commissions/:month/close',
    access: ADMINS,
    params: commissionMonthParams,
    body: z.strictObject({}),
    replies: { 200: commissionCloseReplySchema },
    // 409: the month is closed already, or has not ended yet on the agency's calendar.
    errors: [...WITH_BODY, 409],
  }),
};
