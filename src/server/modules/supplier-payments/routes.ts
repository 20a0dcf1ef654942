import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supplierPaymentSchema } from '../../../domain/supplier-payments';
import type { Database } from '../../db/client';
import { exportQuery, keysetBatches, oneBatch, sendExport } from '../../lib/export';
import { idParams, messageResponse } from '../../lib/schemas';
import { auditActor } from '../audit';
import { balanceColumns, type HistoryPayment, historyBatch, historyColumns } from './export';
import { supplierStats, supplierSummaries, supplierSummary } from './queries';
import {
  deleteSupplierPayment,
  getSupplierPayment,
  loadSupplierPayments,
  saveSupplierPayment,
} from './service';

/** Payments to suppliers are an admin matter (DESIGN.md 7); every other role gets 403. */
const ADMIN = ['admin'] as const;
const balanceFilters = { q: z.string().trim().max(100).optional() };

export const supplierPaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['supplier-payments'];
  const base = '/api/supplier-payments';

  app.get(base, { config: { access: ADMIN }, schema: { tags } }, async () => ({
    payments: await loadSupplierPayments(db),
  }));

  app.get(`${base}/stats`, { config: { access: ADMIN }, schema: { tags } }, async () => ({
    stats: await supplierStats(db),
  }));

  app.get(
    `${base}/suppliers/sales`,
    { config: { access: ADMIN }, schema: { tags, querystring: z.object(balanceFilters) } },
    async (request) => ({ suppliers: await supplierSummaries(db, request.query.q) }),
  );

  app.get(
    `${base}/suppliers/sales/export`,
    { config: { access: ADMIN }, schema: { tags, querystring: exportQuery(balanceFilters) } },
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
    { config: { access: ADMIN }, schema: { tags, params: idParams } },
    async (request) => supplierSummary(db, request.params.id),
  );

  app.get(
    `${base}/supplier/:id/history`,
    { config: { access: ADMIN }, schema: { tags, params: idParams } },
    async (request) => ({
      payments: await loadSupplierPayments(db, { supplierId: request.params.id }),
    }),
  );

  app.get(
    `${base}/supplier/:id/history/export`,
    { config: { access: ADMIN }, schema: { tags, params: idParams, querystring: exportQuery({}) } },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: `pagos-proveedor-${request.params.id}`,
        columns: historyColumns,
        batches: keysetBatches((after: HistoryPayment | undefined, limit: number) =>
          historyBatch(db, request.params.id, after, limit),
        ),
      }),
  );

  app.get(
    `${base}/:id`,
    { config: { access: ADMIN }, schema: { tags, params: idParams } },
    async (request) => ({
      payment: await getSupplierPayment(db, request.params.id),
    }),
  );

  app.post(
    base,
    { config: { access: ADMIN }, schema: { tags, body: supplierPaymentSchema } },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Pago a proveedor registrado',
        payment: await saveSupplierPayment(db, auditActor(request), request.body),
      }),
  );

  app.put(
    `${base}/:id`,
    { config: { access: ADMIN }, schema: { tags, params: idParams, body: supplierPaymentSchema } },
    async (request) => ({
      message: 'Pago a proveedor actualizado',
      payment: await saveSupplierPayment(db, auditActor(request), request.body, request.params.id),
    }),
  );

  app.delete(
    `${base}/:id`,
    { config: { access: ADMIN }, schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await deleteSupplierPayment(db, request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  );
};
