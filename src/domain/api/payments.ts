import { z } from 'zod';
import { SELLERS, STAFF } from '../access';
import { pathIdSchema } from '../input';
import { paginationQuerySchema } from '../pagination';
import {
  paymentCurrenciesReplySchema,
  paymentOneReplySchema,
  paymentSavedReplySchema,
  paymentStatsReplySchema,
  paymentsOfSaleReplySchema,
  paymentsPageReplySchema,
} from '../payment-replies';
import { PAYMENT_METHODS, PAYMENT_STATUSES, paymentCreateSchema, paymentUpdateSchema } from '../payments';
import { messageReplySchema } from '../replies';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** The list's filters, shared by the list and its export. */
const listFilters = {
  status: z.enum(PAYMENT_STATUSES, 'Estado de pago inválido').optional(),
  method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').optional(),
  saleId: pathIdSchema('saleId debe ser un número entero positivo').optional(),
  q: z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
};

/** Customer payments (docs/product.md#payments-api). */
export const paymentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/payments',
    access: STAFF,
    query: paginationQuerySchema.extend(listFilters),
    replies: { 200: paymentsPageReplySchema },
    errors: SIGNED_IN,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/payments/export',
    access: STAFF,
    query: exportQuery(listFilters),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/payments/stats',
    access: STAFF,
    replies: { 200: paymentStatsReplySchema },
    errors: SIGNED_IN,
  }),
  currencies: endpoint({
    method: 'GET',
    path: '/api/payments/currencies',
    access: STAFF,
    replies: { 200: paymentCurrenciesReplySchema },
    errors: SIGNED_IN,
  }),
  ofSale: endpoint({
    method: 'GET',
    path: '/api/payments/sale/:saleId',
    access: STAFF,
    params: z.object({ saleId: idParams.shape.id }),
    replies: { 200: paymentsOfSaleReplySchema },
    errors: ON_RECORD,
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/payments/:id',
    access: STAFF,
    params: idParams,
    replies: { 200: paymentOneReplySchema },
    errors: ON_RECORD,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/payments',
    // Finance registers and confirms payments too (docs/decisions/0043-finance-registers-payments.md).
    access: STAFF,
    body: paymentCreateSchema,
    replies: { 201: paymentSavedReplySchema },
    // 404: the sale it pays; 409: a sale that takes no payments, or a currency without an active rate.
    errors: [...WITH_BODY, 404, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/payments/:id',
    // Editing and deleting a payment stay with whoever may edit the sale.
    access: SELLERS,
    params: idParams,
    body: paymentUpdateSchema,
    replies: { 200: paymentSavedReplySchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/payments/:id/confirm',
    access: STAFF,
    params: idParams,
    replies: { 200: paymentSavedReplySchema },
    errors: [...ON_RECORD, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/payments/:id',
    access: SELLERS,
    params: idParams,
    replies: { 200: messageReplySchema },
    errors: ON_RECORD,
  }),
};
