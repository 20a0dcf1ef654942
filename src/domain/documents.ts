import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import { pathIdSchema } from './input';
import { absentWhenNull, savedReply } from './replies';
import { choiceParam, isoDateParam } from './report-params';

/** The documents the client takes home (docs/decisions/0054-documents.md). */

/** A kept quote's number: the sale and the version, `COT-<sale>-<version>`. */
export const quoteNumber = (saleId: number, version: number) => `COT-${saleId}-${version}`;

/** A receipt's number as printed: its consecutive count, six digits. */
export const receiptLabel = (receiptNumber: number) => String(receiptNumber).padStart(6, '0');

/** The agency's name on its documents and e-mails while Configuraciones has none. */
export const UNNAMED_AGENCY = 'Agencia de viajes';

/** Each document's title: printed at its top, and its e-mail's subject and {documento}. */
export const documentTitles = {
  quote: (number: string) => `Cotización ${number}`,
  itinerary: (saleId: number) => `Itinerario de viaje - Venta #${saleId}`,
  receipt: (label: string) => `Comprobante de pago N° ${label}`,
  statement: (clientName: string) => `Estado de cuenta - ${clientName}`,
};

const validUntil = isoDateParam('Válida hasta');

/** `?validUntil=` of the quote's preview: left out, today (agency day) plus the company's validity days. */
export const quoteQuerySchema = z.strictObject({ validUntil: validUntil.optional() });
/** The body of "keep this version": the same choice, read as every body's dates are (an ISO timestamp or dd/mm/yyyy too). */
export const quoteIssueSchema = z.strictObject({
  validUntil: requiredIsoDate(
    'Válida hasta debe ser una fecha con formato aaaa-mm-dd',
    'Válida hasta debe ser una fecha con formato aaaa-mm-dd',
  ).optional(),
});
export type QuoteIssue = z.output<typeof quoteIssueSchema>;

export const saleQuoteReplySchema = z.object({
  version: z.number(),
  number: z.string(),
  validUntil: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: absentWhenNull(z.string()),
});
export type SaleQuote = z.infer<typeof saleQuoteReplySchema>;
export const saleQuotesReplySchema = z.object({ quotes: z.array(saleQuoteReplySchema) });
export const saleQuoteSavedSchema = savedReply('quote', saleQuoteReplySchema);

export const quoteVersionParams = z.object({
  id: pathIdSchema(),
  version: pathIdSchema('La versión debe ser un número entero positivo'),
});

export const STATEMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * `?format=pdf|xlsx&from&to` of a client's statement: the sales created and the payments dated in the
 * range (either end open); the balance and its aging are today's, as Cobranza shows them.
 */
export const statementQuerySchema = z
  .strictObject({
    format: choiceParam('format', STATEMENT_FORMATS),
    from: isoDateParam('Desde').optional(),
    to: isoDateParam('Hasta').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha Desde no puede ser posterior a Hasta',
    path: ['from'],
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;
