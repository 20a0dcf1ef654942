import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentsApi } from '../../../domain/api/documents';
import { EXPORT_CONTENT_TYPES } from '../../../domain/api/files';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { receipt } from './receipt';
import { acceptQuote, issueQuote, itinerary, listQuotes, previewQuote, quoteVersion } from './sale-documents';
import { statementData } from './statement';
import { statementPdf, statementXlsx } from './statement-files';

const sendFile = (reply: FastifyReply, file: { pdf: Buffer; filename: string }, type = 'application/pdf') =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

export const documentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['documents'];

  app.route({
    ...routeOf(documentsApi.quotePreview, tags),
    handler: async (request, reply) =>
      sendFile(
        reply,
        await previewQuote(db, request.params.id, currentUser(request), request.query.validUntil),
      ),
  });

  app.route({
    ...routeOf(documentsApi.quotes, tags),
    handler: async (request) => ({ quotes: await listQuotes(db, request.params.id, currentUser(request)) }),
  });

  app.route({
    ...routeOf(documentsApi.issueQuote, tags),
    handler: async (request, reply) => {
      const user = currentUser(request);
      const {
        pdf: _pdf,
        filename: _filename,
        ...quote
      } = await db.transaction((tx) => issueQuote(tx, request.params.id, user, request.body));
      return reply.status(201).send({ message: `Cotización ${quote.number} guardada`, quote });
    },
  });

  app.route({
    ...routeOf(documentsApi.quoteVersion, tags),
    handler: async (request, reply) =>
      sendFile(
        reply,
        await quoteVersion(db, request.params.id, request.params.version, currentUser(request)),
      ),
  });

  app.route({
    ...routeOf(documentsApi.acceptQuote, tags),
    handler: async (request) => ({
      message: 'Cotización aceptada: la venta está confirmada',
      sale: await acceptQuote(db, currentUser(request), request.params.id, auditActor(request)),
    }),
  });

  app.route({
    ...routeOf(documentsApi.itinerary, tags),
    handler: async (request, reply) =>
      sendFile(reply, await itinerary(db, request.params.id, currentUser(request))),
  });

  app.route({
    ...routeOf(documentsApi.receipt, tags),
    handler: async (request, reply) =>
      sendFile(reply, await receipt(db, request.params.id, currentUser(request))),
  });

  app.route({
    ...routeOf(documentsApi.statement, tags),
    handler: async (request, reply) => {
      const data = await statementData(db, request.params.id, currentUser(request), request.query);
      const name = `Estado-de-cuenta-${data.client.id}-${data.range.to ?? data.today}`;
      return request.query.format === 'xlsx'
        ? sendFile(
            reply,
            { pdf: await statementXlsx(data), filename: `${name}.xlsx` },
            EXPORT_CONTENT_TYPES.xlsx,
          )
        : sendFile(reply, { pdf: await statementPdf(data), filename: `${name}.pdf` });
    },
  });
};
