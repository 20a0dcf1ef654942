import { z } from 'zod';
import { ADMINS } from '../access';
import { messageReplySchema } from '../replies';
import {
  supplierDetailReplySchema,
  supplierPaymentOneReplySchema,
  supplierPaymentSavedReplySchema,
  supplierPaymentsReplySchema,
  supplierStatsReplySchema,
  supplierSummariesReplySchema,
} from '../supplier-payment-replies';
import { supplierPaymentSchema, supplierPaymentUpdateSchema } from '../supplier-payments';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** The suppliers' balances: filtered by the supplier's name. */
const balanceFilters = { q: z.string().trim().max(100).optional() };

/** Payments to suppliers and what is owed to each (docs/product.md#supplier-payments-api). */
export const supplierPaymentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/supplier-payments',
    access: ADMINS,
    replies: { 200: supplierPaymentsReplySchema },
    errors: SIGNED_IN,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/stats',
    access: ADMINS,
    replies: { 200: supplierStatsReplySchema },
    errors: SIGNED_IN,
  }),
  balances: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/suppliers/sales',
    access: ADMINS,
    query: z.object(balanceFilters),
    replies: { 200: supplierSummariesReplySchema },
    errors: SIGNED_IN,
  }),
  balancesExport: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/suppliers/sales/export',
    access: ADMINS,
    query: exportQuery(balanceFilters),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  supplier: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/supplier/:id/sales',
    access: ADMINS,
    params: idParams,
    replies: { 200: supplierDetailReplySchema },
    errors: ON_RECORD,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/supplier/:id/history',
    access: ADMINS,
    params: idParams,
    replies: { 200: supplierPaymentsReplySchema },
    errors: ON_RECORD,
  }),
  historyExport: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/supplier/:id/history/export',
    access: ADMINS,
    params: idParams,
    query: exportQuery({}),
    replies: { 200: exportFileReply },
    errors: ON_RECORD,
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/supplier-payments/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: supplierPaymentOneReplySchema },
    errors: ON_RECORD,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/supplier-payments',
    access: ADMINS,
    body: supplierPaymentSchema,
    replies: { 201: supplierPaymentSavedReplySchema },
    // 409: no active rate for the payment's currency.
    errors: [...WITH_BODY, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/supplier-payments/:id',
    access: ADMINS,
    params: idParams,
    body: supplierPaymentUpdateSchema,
    replies: { 200: supplierPaymentSavedReplySchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/supplier-payments/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: messageReplySchema },
    errors: ON_RECORD,
  }),
};
