import { z } from 'zod';
import { ADMINS, SELLERS, STAFF } from '../access';
import { pathIdSchema } from '../input';
import { invoicePreviewQuerySchema, invoicePreviewReplySchema } from '../invoice-preview';
import {
  creditNoteSchema,
  INVOICE_STATUSES,
  invoiceCancelSchema,
  invoiceIssueSchema,
  invoiceReplySchema,
  invoiceSavedSchema,
  invoicesPageSchema,
} from '../invoices';
import { paginationQuerySchema } from '../pagination';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN } from './endpoint';
import { fileReply } from './files';
import { idParams } from './params';

/** `/:id/credit-notes/:noteId`: one credit note of an invoice. */
const noteParams = idParams.extend({
  noteId: pathIdSchema('El id de la nota de crédito debe ser un número entero positivo'),
});

/** Invoices of liquidated sales (docs/product.md#invoices-api): listed, shown, printed, issued from a sale, cancelled. */
export const invoicesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/invoices',
    access: STAFF,
    query: paginationQuerySchema.extend({
      status: z.enum(INVOICE_STATUSES, 'Estado inválido').optional(),
      q: z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
      // The sale detail asks whether its sale already has an invoice ('Ver Factura').
      saleId: idParams.shape.id.optional(),
    }),
    replies: { 200: invoicesPageSchema },
    errors: SIGNED_IN,
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/invoices/:id',
    access: STAFF,
    params: idParams,
    replies: { 200: invoiceReplySchema },
    errors: ON_RECORD,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('La factura en PDF', ['application/pdf']) },
    errors: ON_RECORD,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/api/sales/:id/invoice',
    access: SELLERS,
    params: idParams,
    // Optional: the original client's call has no body; a DTE may need the receiver's data.
    body: invoiceIssueSchema.nullish(),
    // 201 for a new invoice, 200 with the one the sale already has.
    replies: { 200: invoiceSavedSchema, 201: invoiceSavedSchema },
    // 409: a sale not yet liquidated, a client without RUT, no folios, no usable certificate.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  // What `issue` would issue with the admin's choices, taking no folio (decision 0071).
  preview: endpoint({
    method: 'GET',
    path: '/api/sales/:id/invoice/preview',
    // Whoever may issue may look first.
    access: SELLERS,
    params: idParams,
    query: invoicePreviewQuerySchema,
    replies: { 200: invoicePreviewReplySchema },
    // 409: as `issue` refuses (a sale not liquidated or already invoiced, no tax data, no RUT, no
    // folios, no usable certificate).
    errors: [...ON_RECORD, 409],
  }),
  xml: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/xml',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('El EnvioDTE firmado de la factura electrónica', ['application/xml']) },
    errors: ON_RECORD,
  }),
  creditNote: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/credit-note',
    // Annulling or correcting a tax document is an admin's, as cancelling an invoice is.
    access: ADMINS,
    params: idParams,
    body: creditNoteSchema,
    replies: { 200: invoiceSavedSchema },
    // 400: amounts that are not the invoice's to credit; 409: an internal invoice, one already
    // annulled, a correction that credits all that is left; the certificate's and folios' refusals.
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  // The old paths below are the annulling note's; these are each note's (decision 0067).
  noteXml: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/credit-notes/:noteId/xml',
    access: STAFF,
    params: noteParams,
    replies: {
      200: fileReply('El EnvioDTE firmado de una nota de crédito de la factura', ['application/xml']),
    },
    errors: ON_RECORD,
  }),
  notePdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/credit-notes/:noteId/pdf',
    access: STAFF,
    params: noteParams,
    replies: { 200: fileReply('Una nota de crédito de la factura en PDF', ['application/pdf']) },
    errors: ON_RECORD,
  }),
  creditNoteXml: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/credit-note/xml',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('El EnvioDTE firmado de la nota de crédito', ['application/xml']) },
    errors: ON_RECORD,
  }),
  creditNotePdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/credit-note/pdf',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('La nota de crédito en PDF', ['application/pdf']) },
    errors: ON_RECORD,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/cancel',
    access: ADMINS,
    params: idParams,
    body: invoiceCancelSchema,
    replies: { 200: invoiceSavedSchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
};
