import { messageReplySchema } from '../replies';
import { saleFilterShape, saleListQuerySchema, withOrderedRanges } from '../sale-filters';
import { saleDetailSchema, saleSavedSchema, saleSellersSchema, salesPageSchema } from '../sale-replies';
import { saleCreateRequestSchema, saleUpdateRequestSchema } from '../sale-requests';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** Sales (spec 7, "Ventas"); the dashboard's figures under /api/sales are in `dashboard.ts`. */
export const salesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/sales',
    query: saleListQuerySchema,
    replies: { 200: salesPageSchema },
    errors: SIGNED_IN,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/sales/my-sales',
    query: saleListQuerySchema,
    replies: { 200: salesPageSchema },
    errors: SIGNED_IN,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/sales/export',
    // The list's filters and sort, and no page or limit.
    query: withOrderedRanges(exportQuery(saleFilterShape)),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  /** The list's seller filter; finance may not read users, yet filters by seller (issue 16). */
  sellers: endpoint({
    method: 'GET',
    path: '/api/sales/sellers',
    replies: { 200: saleSellersSchema },
    errors: SIGNED_IN,
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/sales/:id',
    params: idParams,
    replies: { 200: saleDetailSchema },
    errors: ON_RECORD,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/sales',
    body: saleCreateRequestSchema,
    replies: { 201: saleSavedSchema },
    errors: WITH_BODY,
  }),
  /** An edit of the sale and its items, or a change of its status alone (`{ status }`). */
  update: endpoint({
    method: 'PUT',
    path: '/api/sales/:id',
    params: idParams,
    body: saleUpdateRequestSchema,
    replies: { 200: saleSavedSchema },
    // 409: a completed sale, a transition the lifecycle refuses, or an edit of a stale version.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/sales/:id',
    params: idParams,
    replies: { 200: messageReplySchema },
    // 409: a sale with payments.
    errors: [...ON_RECORD, 409],
  }),
};
