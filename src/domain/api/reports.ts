import { BOOKKEEPERS, STAFF } from '../access';
import {
  payablesQuerySchema,
  payablesReplySchema,
  rangeInOrder,
  receivableClientQuerySchema,
  receivableClientReplySchema,
  receivablesQuerySchema,
  receivablesReplySchema,
  salesReportFields,
  salesReportQuerySchema,
  salesReportReplySchema,
} from '../reports';
import { endpoint, ON_RECORD, SIGNED_IN } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** Cobranza's filters without paging: an export holds every client. */
const { page: _page, limit: _limit, ...receivableExportFields } = receivablesQuerySchema.shape;

/** The reports (docs/product.md#reports-api): what clients owe, what is due to suppliers, sales by period; each exports. */
export const reportsApi = {
  receivables: endpoint({
    method: 'GET',
    path: '/api/reports/receivables',
    access: BOOKKEEPERS,
    query: receivablesQuerySchema,
    replies: { 200: receivablesReplySchema },
    errors: SIGNED_IN,
  }),
  receivablesExport: endpoint({
    method: 'GET',
    path: '/api/reports/receivables/export',
    access: BOOKKEEPERS,
    query: exportQuery(receivableExportFields),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  receivableClient: endpoint({
    method: 'GET',
    path: '/api/reports/receivables/:id',
    access: BOOKKEEPERS,
    params: idParams,
    query: receivableClientQuerySchema,
    replies: { 200: receivableClientReplySchema },
    errors: ON_RECORD,
  }),
  payables: endpoint({
    method: 'GET',
    path: '/api/reports/payables',
    access: BOOKKEEPERS,
    query: payablesQuerySchema,
    replies: { 200: payablesReplySchema },
    errors: SIGNED_IN,
  }),
  payablesExport: endpoint({
    method: 'GET',
    path: '/api/reports/payables/export',
    access: BOOKKEEPERS,
    query: exportQuery(payablesQuerySchema.shape),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  sales: endpoint({
    method: 'GET',
    path: '/api/reports/sales',
    // Admin and finance see the company, a seller their own sales (docs/product.md#data-scope).
    access: STAFF,
    query: salesReportQuerySchema,
    replies: { 200: salesReportReplySchema },
    errors: SIGNED_IN,
  }),
  salesExport: endpoint({
    method: 'GET',
    path: '/api/reports/sales/export',
    access: STAFF,
    query: exportQuery(salesReportFields).refine(rangeInOrder.check, rangeInOrder.issue),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
};
