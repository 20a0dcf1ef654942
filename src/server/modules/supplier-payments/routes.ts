import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageReplySchema } from '../../../domain/replies';
import {
  supplierPaymentOneReplySchema,
  supplierPaymentSavedReplySchema,
  supplierPaymentsReplySchema,
  supplierStatsReplySchema,
  supplierSummariesReplySchema,
  supplierSummaryReplySchema,
} from '../../../domain/supplier-payment-replies';
import { supplierPaymentSchema, supplierPaymentUpdateSchema } from '../../../domain/supplier-payments';
import type { Database } from '../../db/client';
import { exportQuery, exportReplies, oneBatch, sendExport, sendListExport } from '../../lib/export';
import { errorReplies, idParams } from '../../lib/schemas';
import { auditActor } from '../audit';
import { balanceColumns, type HistoryPayment, historyBatch, historyColumns } from './export';
import { supplierStats, supplierSummaries, supplierSummary } from './queries';
import {
  deleteSupplierPayment,
  getSupplierPayment,
  loadSupplierPayments,
  saveSupplierPayment,
} from './service';

/** Payments to suppliers are an admin matter; every other role gets 403. */
const ADMIN = ['admin'] as const;
const balanceFilters = { q: z.string().trim().max(100).optional() };

export const supplierPaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['supplier-payments'];
  const base = '/api/supplier-payments';

  app.get(
    base,
    {
      config: { access: ADMIN },
      schema: { tags, response: { 200: supplierPaymentsReplySchema, ...errorReplies } },
    },
    async () => ({ payments: await loadSupplierPayments(db) }),
  );

  app.get(
    `${base}/stats`,
    {
      config: { access: ADMIN },
      schema: { tags, response: { 200: supplierStatsReplySchema, ...errorReplies } },
    },
    async () => ({ stats: await supplierStats(db) }),
  );

  app.get(
    `${base}/suppliers/sales`,
    {
      config: { access: ADMIN },
      schema: {
        tags,
        querystring: z.object(balanceFilters),
        response: { 200: supplierSummariesReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ suppliers: await supplierSummaries(db, request.query.q) }),
  );

  app.get(
    `${base}/suppliers/sales/export`,
    {
      config: { access: ADMIN },
      schema: { tags, querystring: exportQuery(balanceFilters), response: exportReplies },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: 'saldos-proveedores',
        columns: balanceColumns,
        batches: oneBatch(supplierSummaries(db, request.query.q)),
      }),
  );

  app.get(
    `${base}/supplier/:id/sales`,
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, response: { 200: supplierSummaryReplySchema, ...errorReplies } },
    },
    async (request) => supplierSummary(db, request.params.id),
  );

  app.get(
    `${base}/supplier/:id/history`,
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, response: { 200: supplierPaymentsReplySchema, ...errorReplies } },
    },
    async (request) => ({
      payments: await loadSupplierPayments(db, { supplierId: request.params.id }),
    }),
  );

  app.get(
    `${base}/supplier/:id/history/export`,
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, querystring: exportQuery({}), response: exportReplies },
    },
    async (request, reply) =>
      sendListExport(request, reply, request.query, {
        fileName: `pagos-proveedor-${request.params.id}`,
        columns: historyColumns,
        read: (_, after: HistoryPayment | undefined, limit) =>
          historyBatch(db, request.params.id, after, limit),
      }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, response: { 200: supplierPaymentOneReplySchema, ...errorReplies } },
    },
    async (request) => ({
      payment: await getSupplierPayment(db, request.params.id),
    }),
  );

  app.post(
    base,
    {
      config: { access: ADMIN },
      schema: {
        tags,
        body: supplierPaymentSchema,
        response: { 201: supplierPaymentSavedReplySchema, ...errorReplies },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Pago a proveedor registrado',
        payment: await saveSupplierPayment(db, auditActor(request), request.body),
      }),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: idParams,
        body: supplierPaymentUpdateSchema,
        response: { 200: supplierPaymentSavedReplySchema, ...errorReplies },
      },
    },
    async (request) => ({
      message: 'Pago a proveedor actualizado',
      payment: await saveSupplierPayment(db, auditActor(request), request.body, request.params.id),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, response: { 200: messageReplySchema, ...errorReplies } },
    },
    async (request) => {
      await deleteSupplierPayment(db, request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  );
};
