import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supplierPaymentsApi } from '../../../domain/api/supplier-payments';
import type { Database } from '../../db/client';
import { oneBatch, sendExport, sendListExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { auditActor } from '../audit';
import { balanceColumns, type HistoryPayment, historyBatch, historyColumns } from './export';
import { supplierStats, supplierSummaries, supplierSummary } from './queries';
import {
  deleteSupplierPayment,
  getSupplierPayment,
  loadSupplierPayments,
  saveSupplierPayment,
} from './service';

export const supplierPaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['supplier-payments'];

  app.route({
    ...routeOf(supplierPaymentsApi.list, tags),
    handler: async () => ({ payments: await loadSupplierPayments(db) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.stats, tags),
    handler: async () => ({ stats: await supplierStats(db) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.balances, tags),
    handler: async (request) => ({ suppliers: await supplierSummaries(db, request.query.q) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.balancesExport, tags),
    handler: async (request, reply) => {
      const summaries = await supplierSummaries(db, request.query.q);
      return sendExport(request, reply, {
        format: request.query.format,
        fileName: 'saldos-proveedores',
        columns: balanceColumns(summaries),
        batches: oneBatch(Promise.resolve(summaries)),
      });
    },
  });

  app.route({
    ...routeOf(supplierPaymentsApi.supplier, tags),
    handler: async (request) => supplierSummary(db, request.params.id),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.history, tags),
    handler: async (request) => ({
      payments: await loadSupplierPayments(db, { supplierId: request.params.id }),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.historyExport, tags),
    handler: async (request, reply) =>
      sendListExport(request, reply, request.query, {
        fileName: `pagos-proveedor-${request.params.id}`,
        columns: historyColumns,
        read: (_, after: HistoryPayment | undefined, limit) =>
          historyBatch(db, request.params.id, after, limit),
      }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.one, tags),
    handler: async (request) => ({
      payment: await getSupplierPayment(db, request.params.id),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.create, tags),
    handler: async (request, reply) =>
      reply.status(201).send({
        message: 'Pago a proveedor registrado',
        payment: await saveSupplierPayment(db, auditActor(request), request.body),
      }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.update, tags),
    handler: async (request) => ({
      message: 'Pago a proveedor actualizado',
      payment: await saveSupplierPayment(db, auditActor(request), request.body, request.params.id),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.remove, tags),
    handler: async (request) => {
      await deleteSupplierPayment(db, request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  });
};
