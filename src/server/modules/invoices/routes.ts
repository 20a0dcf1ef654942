import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_STATUSES,
  invoiceCancelSchema,
  invoiceReplySchema,
  invoiceSavedSchema,
  invoicesPageSchema,
} from '../../../domain/invoices';
import { paginationOf, paginationQuerySchema } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { errorReplies, fileReply, idParams } from '../../lib/schemas';
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

  app.get(
    '/api/invoices',
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: paginationQuerySchema.extend({
          status: z.enum(INVOICE_STATUSES, 'Estado inválido').optional(),
          q: z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
          // The sale detail asks whether its sale already has an invoice ('Ver Factura').
          saleId: idParams.shape.id.optional(),
        }),
        response: { 200: invoicesPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const result = await listInvoices(db, scopeFor(currentUser(request)), request.query);
      return { invoices: result.invoices, pagination: paginationOf(page, limit, result.total) };
    },
  );

  app.get(
    '/api/invoices/:id',
    {
      config: { access: READ },
      schema: { tags, params: idParams, response: { 200: invoiceReplySchema, ...errorReplies } },
    },
    async (request) => ({
      invoice: await loadInvoice(db, request.params.id, scopeFor(currentUser(request))),
    }),
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      config: { access: READ },
      schema: {
        tags,
        params: idParams,
        response: { 200: fileReply('La factura en PDF', ['application/pdf']), ...errorReplies },
      },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(db, request.params.id, scopeFor(currentUser(request)));
      const pdf = await invoicePdf(invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoiceNumber}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/api/sales/:id/invoice',
    {
      config: { access: ['admin', 'sales'] },
      schema: {
        tags,
        params: idParams,
        // 201 for a new invoice, 200 with the one the sale already has.
        response: { 200: invoiceSavedSchema, 201: invoiceSavedSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/api/invoices/:id/cancel',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        params: idParams,
        body: invoiceCancelSchema,
        response: { 200: invoiceSavedSchema, ...errorReplies },
      },
    },
    async (request) => ({
      message: 'Factura anulada',
      invoice: await cancelInvoice(
        db,
        currentUser(request),
        request.params.id,
        request.body.reason,
        auditActor(request),
      ),
    }),
  );
};
