import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicesApi } from '../../../domain/api/invoices';
import { invoiceIssueSchema } from '../../../domain/invoices';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { refuseJsonNull } from '../../lib/optional-body';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { agencyNumberFormat } from '../company';
import { isBoleta, secretBox } from '../dte';
import { scopeFor } from '../sales';
import { CREDIT_NOTE_MESSAGES, issueCreditNote } from './credit-note';
import { dtePdf } from './dte-pdf';
import { invoicePdf } from './pdf';
import { previewInvoice } from './preview';
import { type DteFile, listInvoices, loadDteXml, loadInvoice } from './queries';
import { ALREADY_INVOICED, cancelInvoice, generateInvoice } from './service';

/** A path's note (`/credit-notes/:noteId/...`), else the document the path names without one. */
const fileOf = (params: { id: number; noteId?: number }, named: DteFile): DteFile =>
  params.noteId === undefined ? named : { noteId: params.noteId };

/** The SII's XML is ISO-8859-1, as its declaration says: sent as those bytes. */
const XML_TYPE = 'application/xml; charset=ISO-8859-1';

export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Database; secretKey: string }> = async (
  app,
  { db, secretKey },
) => {
  const tags = ['invoices'];
  const box = secretBox(secretKey);
  const pdfReply = (reply: FastifyReply, name: string, pdf: Buffer) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}.pdf"`)
      .send(pdf);
  const xmlReply = (reply: FastifyReply, name: string, xml: string) =>
    reply
      .header('content-type', XML_TYPE)
      .header('content-disposition', `attachment; filename="${name}.xml"`)
      .send(Buffer.from(xml, 'latin1'));
  /** The file name of a DTE: its type and folio, as the SII's tools name them. */
  const dteName = (type: number, folio: number) => `DTE-${type}-${folio}`;

  app.route({
    ...routeOf(invoicesApi.list, tags),
    handler: async (request) => {
      const { page, limit } = request.query;
      const result = await listInvoices(db, scopeFor(currentUser(request)), request.query);
      return { invoices: result.invoices, pagination: paginationOf(page, limit, result.total) };
    },
  });

  app.route({
    ...routeOf(invoicesApi.one, tags),
    handler: async (request) => ({
      invoice: await loadInvoice(db, request.params.id, scopeFor(currentUser(request))),
    }),
  });

  app.route({
    ...routeOf(invoicesApi.pdf, tags),
    handler: async (request, reply) => {
      const scope = scopeFor(currentUser(request));
      const invoice = await loadInvoice(db, request.params.id, scope);
      const style = await agencyNumberFormat(db);
      if (!invoice.folio) return pdfReply(reply, invoice.invoiceNumber, await invoicePdf(invoice, style));
      const { type, folio, xml } = await loadDteXml(db, invoice.id, scope, 'invoice');
      const exchange = invoice.exchangeRate
        ? { rate: invoice.exchangeRate, currency: invoice.currency }
        : undefined;
      const annulledBy = invoice.creditNote
        ? `Nota de Crédito Electrónica N° ${invoice.creditNote.folio}`
        : undefined;
      return pdfReply(reply, dteName(type, folio), await dtePdf(xml, style, { exchange, annulledBy }));
    },
  });

  // The signed EnvioDTE of the invoice, of the note that annulled it and of each credit note, as stored.
  for (const [endpoint, which] of [
    [invoicesApi.xml, 'invoice'],
    [invoicesApi.creditNoteXml, 'creditNote'],
    [invoicesApi.noteXml, 'creditNote'],
  ] as const) {
    app.route({
      ...routeOf(endpoint, tags),
      handler: async (request, reply) => {
        const scope = scopeFor(currentUser(request));
        const found = await loadDteXml(db, request.params.id, scope, fileOf(request.params, which));
        return xmlReply(reply, dteName(found.type, found.folio), found.xml);
      },
    });
  }

  for (const endpoint of [invoicesApi.creditNotePdf, invoicesApi.notePdf]) {
    app.route({
      ...routeOf(endpoint, tags),
      handler: async (request, reply) => {
        const scope = scopeFor(currentUser(request));
        const found = await loadDteXml(db, request.params.id, scope, fileOf(request.params, 'creditNote'));
        const { invoice } = found;
        const exchange = invoice.exchangeRate
          ? { rate: invoice.exchangeRate, currency: invoice.currency }
          : undefined;
        const pdf = await dtePdf(found.xml, await agencyNumberFormat(db), { exchange });
        return pdfReply(reply, dteName(found.type, found.folio), pdf);
      },
    });
  }

  app.route({
    ...routeOf(invoicesApi.creditNote, tags),
    handler: async (request) => ({
      message: CREDIT_NOTE_MESSAGES.issued[request.body.kind],
      invoice: await issueCreditNote(
        db,
        box,
        currentUser(request),
        request.params.id,
        request.body,
        auditActor(request),
      ),
    }),
  });

  app.route({
    ...routeOf(invoicesApi.issue, tags),
    // The body is optional: the original client's call sends none.
    preValidation: refuseJsonNull,
    handler: async (request, reply) => {
      const { created, invoice } = await generateInvoice(
        db,
        box,
        currentUser(request),
        request.params.id,
        request.body ?? invoiceIssueSchema.parse({}),
        auditActor(request),
      );
      const issued = isBoleta(invoice.dteType ?? 0) ? 'Boleta generada' : 'Factura generada';
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? issued : ALREADY_INVOICED, invoice });
    },
  });

  app.route({
    ...routeOf(invoicesApi.preview, tags),
    // Only an admin may change an item's exemption (403, as issuing).
    handler: async (request) => ({
      preview: await previewInvoice(db, box, currentUser(request), request.params.id, request.query),
    }),
  });

  app.route({
    ...routeOf(invoicesApi.cancel, tags),
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
