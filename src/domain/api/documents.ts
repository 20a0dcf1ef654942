import { SELLERS, STAFF } from '../access';
import {
  quoteIssueSchema,
  quoteQuerySchema,
  quoteVersionParams,
  saleQuoteSavedSchema,
  saleQuotesReplySchema,
  statementQuerySchema,
} from '../documents';
import { saleSavedSchema } from '../sale-replies';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY } from './endpoint';
import { EXPORT_CONTENT_TYPES, fileReply } from './files';
import { idParams } from './params';

const PDF = ['application/pdf'];

/**
 * The documents the client takes home (docs/product.md#documents-api): each is read with the access and scope of the
 * record it comes from. 409: the record is not in the state the document needs.
 */
export const documentsApi = {
  quotePreview: endpoint({
    method: 'GET',
    path: '/api/sales/:id/quote.pdf',
    access: STAFF,
    params: idParams,
    query: quoteQuerySchema,
    replies: { 200: fileReply('Borrador de la cotización de una venta en borrador', PDF) },
    errors: [...ON_RECORD, 409],
  }),
  quotes: endpoint({
    method: 'GET',
    path: '/api/sales/:id/quotes',
    access: STAFF,
    params: idParams,
    replies: { 200: saleQuotesReplySchema },
    errors: ON_RECORD,
  }),
  issueQuote: endpoint({
    method: 'POST',
    path: '/api/sales/:id/quotes',
    access: SELLERS,
    params: idParams,
    body: quoteIssueSchema,
    replies: { 201: saleQuoteSavedSchema },
    errors: [...ON_RECORD_WITH_BODY, 409],
  }),
  quoteVersion: endpoint({
    method: 'GET',
    path: '/api/sales/:id/quotes/:version.pdf',
    access: STAFF,
    params: quoteVersionParams,
    replies: { 200: fileReply('La versión guardada de la cotización, byte a byte', PDF) },
    errors: ON_RECORD,
  }),
  acceptQuote: endpoint({
    method: 'POST',
    path: '/api/sales/:id/quote/accept',
    access: SELLERS,
    params: idParams,
    replies: { 200: saleSavedSchema },
    errors: [...ON_RECORD, 409],
  }),
  itinerary: endpoint({
    method: 'GET',
    path: '/api/sales/:id/itinerary.pdf',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('El itinerario de una venta confirmada', PDF) },
    errors: [...ON_RECORD, 409],
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/payments/:id/receipt.pdf',
    access: STAFF,
    params: idParams,
    replies: { 200: fileReply('El comprobante de un pago confirmado', PDF) },
    errors: [...ON_RECORD, 409],
  }),
  statement: endpoint({
    method: 'GET',
    path: '/api/clients/:id/statement',
    access: STAFF,
    params: idParams,
    query: statementQuerySchema,
    replies: {
      200: fileReply('El estado de cuenta: PDF o .xlsx según `format`', [...PDF, EXPORT_CONTENT_TYPES.xlsx]),
    },
    errors: ON_RECORD,
  }),
};
