import { ADMINS, BOOKKEEPERS, SELLERS, STAFF } from '../access';
import { salePlanRequestSchema } from '../payment-plans';
import { messageReplySchema } from '../replies';
import { saleFilterShape, saleListQuerySchema, withOrderedRanges } from '../sale-filters';
import { saleDetailSchema, saleSavedSchema, saleSellersSchema, salesPageSchema } from '../sale-replies';
import { saleCreateRequestSchema, saleUpdateRequestSchema } from '../sale-requests';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** Sales (docs/product.md#sales-api); the dashboard's figures under /api/sales are in `dashboard.ts`. */
export const salesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/sales',
    access: STAFF,
    query: saleListQuerySchema,
    replies: { 200: salesPageSchema },
    errors: SIGNED_IN,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/sales/my-sales',
    access: SELLERS,
    query: saleListQuerySchema,
    replies: { 200: salesPageSchema },
    errors: SIGNED_IN,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/sales/export',
    access: STAFF,
    // The list's filters and sort, and no page or limit.
    query: withOrderedRanges(exportQuery(saleFilterShape)),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  /** The list's seller filter; finance may not read users, yet filters by seller. */
  sellers: endpoint({
    method: 'GET',
    path: '/api/sales/sellers',
    access: BOOKKEEPERS,
    replies: { 200: saleSellersSchema },
    errors: SIGNED_IN,
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/sales/:id',
    access: STAFF,
    params: idParams,
    replies: { 200: saleDetailSchema },
    errors: ON_RECORD,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/sales',
    access: SELLERS,
    body: saleCreateRequestSchema,
    replies: { 201: saleSavedSchema },
    errors: WITH_BODY,
  }),
  /** An edit of the sale and its items, or a change of its status alone (`{ status }`). */
  update: endpoint({
    method: 'PUT',
    path: '/api/sales/:id',
    access: SELLERS,
    params: idParams,
    body: saleUpdateRequestSchema,
    replies: { 200: saleSavedSchema },
    // 409: a completed sale, a transition the lifecycle refuses, or an edit of a stale version.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  /** The sale's payment plan replaced (docs/decisions/0104-payment-plans.md); an empty list removes it. */
  plan: endpoint({
    method: 'PUT',
    path: '/api/sales/:id/plan',
    access: SELLERS,
    params: idParams,
    body: salePlanRequestSchema,
    replies: { 200: saleSavedSchema },
    // 409: a cancelled or completed sale.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/sales/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: messageReplySchema },
    // 409: a sale with payments.
    errors: [...ON_RECORD, 409],
  }),
};
