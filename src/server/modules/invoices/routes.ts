import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicesApi } from '../../../domain/api/invoices';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { auditActor } from '../audit';
import { scopeFor } from '../sales';
import { invoicePdf } from './pdf';
import { listInvoices, loadInvoice } from './queries';
import { cancelInvoice, generateInvoice } from './service';

/** Invoices follow their sale: everyone reads what they may read of the sale; writers of the sale issue. */
const READ = ['admin', 'sales', 'finance'] as const;

export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['invoices'];

  app.route({
    ...routeOf(invoicesApi.list, tags),
    config: { access: READ },
    handler: async (request) => {
      const { page, limit } = request.query;
      const result = await listInvoices(db, scopeFor(currentUser(request)), request.query);
      return { invoices: result.invoices, pagination: paginationOf(page, limit, result.total) };
    },
  });

  app.route({
    ...routeOf(invoicesApi.one, tags),
    config: { access: READ },
    handler: async (request) => ({
      invoice: await loadInvoice(db, request.params.id, scopeFor(currentUser(request))),
    }),
  });

  app.route({
    ...routeOf(invoicesApi.pdf, tags),
    config: { access: READ },
    handler: async (request, reply) => {
      const invoice = await loadInvoice(db, request.params.id, scopeFor(currentUser(request)));
      const pdf = await invoicePdf(invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoiceNumber}.pdf"`)
        .send(pdf);
    },
  });

  app.route({
    ...routeOf(invoicesApi.issue, tags),
    config: { access: ['admin', 'sales'] },
    handler: async (request, reply) => {
      const { created, invoice } = await generateInvoice(
        db,
        currentUser(request),
        request.params.id,
        auditActor(request),
      );
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? 'Factura generada' : 'La venta ya tiene una factura activa', invoice });
    },
  });

  app.route({
    ...routeOf(invoicesApi.cancel, tags),
    config: { access: ['admin'] },
    handler: async (request) => ({
      message: 'Factura anulada',
      invoice: await cancelInvoice(
        db,
        currentUser(request),
        request.params.id,
        request.body.reason,
        auditActor(request),
      ),
    }),
  });
};
