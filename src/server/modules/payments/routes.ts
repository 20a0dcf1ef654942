import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsApi } from '../../../domain/api/payments';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { sendListExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { activeRates } from '../company';
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

export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['payments'];

  app.route({
    ...routeOf(paymentsApi.list, tags),
    handler: async (request) => {
      const { page, limit, ...filters } = request.query;
      const result = await listPayments(db, scopeFor(currentUser(request)), filters, page, limit);
      return {
        payments: result.payments,
        totals: result.totals,
        pagination: paginationOf(page, limit, result.total),
      };
    },
  });

  app.route({
    ...routeOf(paymentsApi.export, tags),
    handler: async (request, reply) => {
      const scope = scopeFor(currentUser(request));
      return sendListExport(request, reply, request.query, {
        fileName: 'pagos',
        columns: paymentColumns,
        read: (filters, after: PaymentView | undefined, limit) =>
          paymentBatch(db, scope, filters, after, limit),
      });
    },
  });

  app.route({
    ...routeOf(paymentsApi.stats, tags),
    handler: async (request) => ({ stats: await paymentStats(db, scopeFor(currentUser(request))) }),
  });

  // Whoever registers a payment picks its currency: the active rates, without Configuraciones.
  app.route({
    ...routeOf(paymentsApi.currencies, tags),
    handler: async () => ({ currencies: await activeRates(db) }),
  });

  app.route({
    ...routeOf(paymentsApi.ofSale, tags),
    handler: async (request) => {
      // 404 for a sale the caller may not see, before revealing anything about its payments.
      const sale = await loadSale(db, request.params.saleId, scopeFor(currentUser(request)));
      return paymentsOfSale(db, sale.id);
    },
  });

  app.route({
    ...routeOf(paymentsApi.one, tags),
    handler: async (request) => ({
      payment: await loadPayment(db, request.params.id, scopeFor(currentUser(request))),
    }),
  });

  app.route({
    ...routeOf(paymentsApi.create, tags),
    handler: async (request, reply) =>
      reply.status(201).send({
        message: 'Pago registrado',
        payment: await createPayment(db, currentUser(request), request.body, auditActor(request)),
      }),
  });

  app.route({
    ...routeOf(paymentsApi.update, tags),
    handler: async (request) => ({
      message: 'Pago actualizado',
      payment: await updatePayment(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        auditActor(request),
      ),
    }),
  });

  app.route({
    ...routeOf(paymentsApi.confirm, tags),
    handler: async (request) => ({
      message: 'Pago confirmado',
      payment: await confirmPayment(db, currentUser(request), request.params.id, auditActor(request)),
    }),
  });

  app.route({
    ...routeOf(paymentsApi.remove, tags),
    handler: async (request) => {
      await deletePayment(db, currentUser(request), request.params.id, auditActor(request));
      return { message: 'Pago eliminado' };
    },
  });
};
