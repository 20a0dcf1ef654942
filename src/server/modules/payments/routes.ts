import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '../../../domain/input';
import { paginationOf, paginationQuerySchema } from '../../../domain/pagination';
import {
  paymentOneReplySchema,
  paymentSavedReplySchema,
  paymentStatsReplySchema,
  paymentsOfSaleReplySchema,
  paymentsPageReplySchema,
} from '../../../domain/payment-replies';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentCreateSchema,
  paymentUpdateSchema,
} from '../../../domain/payments';
import { messageReplySchema } from '../../../domain/replies';
import type { Database } from '../../db/client';
import { exportQuery, exportReplies, sendListExport } from '../../lib/export';
import { errorReplies, idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { auditActor } from '../audit';
import { loadSale, scopeFor } from '../sales';
import { paymentColumns } from './export';
import {
  listPayments,
  loadPayment,
  type PaymentView,
  paymentBatch,
  paymentStats,
  paymentsOfSale,
} from './queries';
import { confirmPayment, createPayment, deletePayment, updatePayment } from './service';

const READ = ['admin', 'sales', 'finance'] as const;

/** The list's filters, shared by the list and its export. */
const listFilters = {
  status: z.enum(PAYMENT_STATUSES, 'Estado de pago inválido').optional(),
  method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').optional(),
  saleId: pathIdSchema('saleId debe ser un número entero positivo').optional(),
  q: z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
};
/** Who edits and deletes payments: whoever may edit the sale. */
const WRITE = ['admin', 'sales'] as const;
/** Who registers and confirms payments: finance too (docs/decisions/0043-finance-registers-payments.md). */
const COLLECT = ['admin', 'sales', 'finance'] as const;

export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['payments'];

  app.get(
    '/api/payments',
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: paginationQuerySchema.extend(listFilters),
        response: { 200: paymentsPageReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const result = await listPayments(db, scopeFor(currentUser(request)), filters, page, limit);
      return {
        payments: result.payments,
        totals: result.totals,
        pagination: paginationOf(page, limit, result.total),
      };
    },
  );

  app.get(
    '/api/payments/export',
    {
      config: { access: READ },
      schema: { tags, querystring: exportQuery(listFilters), response: exportReplies },
    },
    async (request, reply) => {
      const scope = scopeFor(currentUser(request));
      return sendListExport(request, reply, request.query, {
        fileName: 'pagos',
        columns: paymentColumns,
        read: (filters, after: PaymentView | undefined, limit) =>
          paymentBatch(db, scope, filters, after, limit),
      });
    },
  );

  app.get(
    '/api/payments/stats',
    {
      config: { access: READ },
      schema: { tags, response: { 200: paymentStatsReplySchema, ...errorReplies } },
    },
    async (request) => ({ stats: await paymentStats(db, scopeFor(currentUser(request))) }),
  );

  app.get(
    '/api/payments/sale/:saleId',
    {
      config: { access: READ },
      schema: {
        tags,
        params: z.object({ saleId: idParams.shape.id }),
        response: { 200: paymentsOfSaleReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      // 404 for a sale the caller may not see, before revealing anything about its payments.
      const sale = await loadSale(db, request.params.saleId, scopeFor(currentUser(request)));
      return paymentsOfSale(db, sale.id);
    },
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: READ },
      schema: { tags, params: idParams, response: { 200: paymentOneReplySchema, ...errorReplies } },
    },
    async (request) => ({
      payment: await loadPayment(db, request.params.id, scopeFor(currentUser(request))),
    }),
  );

  app.post(
    '/api/payments',
    {
      config: { access: COLLECT },
      schema: {
        tags,
        body: paymentCreateSchema,
        response: { 201: paymentSavedReplySchema, ...errorReplies },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Pago registrado',
        payment: await createPayment(db, currentUser(request), request.body, auditActor(request)),
      }),
  );

  app.put(
    '/api/payments/:id',
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: idParams,
        body: paymentUpdateSchema,
        response: { 200: paymentSavedReplySchema, ...errorReplies },
      },
    },
    async (request) => ({
      message: 'Pago actualizado',
      payment: await updatePayment(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        auditActor(request),
      ),
    }),
  );

  app.post(
    '/api/payments/:id/confirm',
    {
      config: { access: COLLECT },
      schema: { tags, params: idParams, response: { 200: paymentSavedReplySchema, ...errorReplies } },
    },
    async (request) => ({
      message: 'Pago confirmado',
      payment: await confirmPayment(db, currentUser(request), request.params.id, auditActor(request)),
    }),
  );

  app.delete(
    '/api/payments/:id',
    {
      config: { access: WRITE },
      schema: { tags, params: idParams, response: { 200: messageReplySchema, ...errorReplies } },
    },
    async (request) => {
      await deletePayment(db, currentUser(request), request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  );
};
