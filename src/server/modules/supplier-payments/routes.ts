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

/** Payments to suppliers are an admin matter; every other role gets 403. */
const ADMIN = ['admin'] as const;

export const supplierPaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['supplier-payments'];

  app.route({
    ...routeOf(supplierPaymentsApi.list, tags),
    config: { access: ADMIN },
    handler: async () => ({ payments: await loadSupplierPayments(db) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.stats, tags),
    config: { access: ADMIN },
    handler: async () => ({ stats: await supplierStats(db) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.balances, tags),
    config: { access: ADMIN },
    handler: async (request) => ({ suppliers: await supplierSummaries(db, request.query.q) }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.balancesExport, tags),
    config: { access: ADMIN },
    handler: async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: 'saldos-proveedores',
        columns: balanceColumns,
        batches: oneBatch(supplierSummaries(db, request.query.q)),
      }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.supplier, tags),
    config: { access: ADMIN },
    handler: async (request) => supplierSummary(db, request.params.id),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.history, tags),
    config: { access: ADMIN },
    handler: async (request) => ({
      payments: await loadSupplierPayments(db, { supplierId: request.params.id }),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.historyExport, tags),
    config: { access: ADMIN },
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
    config: { access: ADMIN },
    handler: async (request) => ({
      payment: await getSupplierPayment(db, request.params.id),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.create, tags),
    config: { access: ADMIN },
    handler: async (request, reply) =>
      reply.status(201).send({
        message: 'Pago a proveedor registrado',
        payment: await saveSupplierPayment(db, auditActor(request), request.body),
      }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.update, tags),
    config: { access: ADMIN },
    handler: async (request) => ({
      message: 'Pago a proveedor actualizado',
      payment: await saveSupplierPayment(db, auditActor(request), request.body, request.params.id),
    }),
  });

  app.route({
    ...routeOf(supplierPaymentsApi.remove, tags),
    config: { access: ADMIN },
    handler: async (request) => {
      await deleteSupplierPayment(db, request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  });
};
