import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginationOf } from '../../../domain/pagination';
import {
  saleListQuerySchema as listQuery,
  saleFilterShape,
  withOrderedRanges,
} from '../../../domain/sale-filters';
import {
  saleDetailSchema,
  saleSavedSchema,
  saleSellersSchema,
  salesPageSchema,
} from '../../../domain/sale-replies';
import { saleCreateRequestSchema, saleUpdateRequestSchema } from '../../../domain/sale-requests';
import type { Database } from '../../db/client';
import { exportQuery, exportReplies, sendListExport } from '../../lib/export';
import { errorReplies, idParams, messageResponse } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { auditActor } from '../audit';
import { saleExportColumns } from './export';
import { type ExportedSale, listSales, listSellers, salesBatch } from './list-queries';
import { loadSale } from './queries';
import { changeStatus, createSale, deleteSale, editSale, scopeFor } from './service';

/** `If-Match: "3"` (or W/"3") names the version an edit started from; anything else names none. */
function ifMatchVersion(header: string | undefined): number | undefined {
  const match = header ? /^(?:W\/)?"([1-9][0-9]{0,8})"$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

/** The export takes the list's filters and sort, and no page or limit. */
const exportQuerySchema = withOrderedRanges(exportQuery(saleFilterShape));

export const salesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['sales'];

  app.get(
    '/api/sales',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: { tags, querystring: listQuery, response: { 200: salesPageSchema, ...errorReplies } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { sales, total, totalCapped, nextCursor } = await listSales(
        db,
        scopeFor(currentUser(request)),
        request.query,
      );
      return { sales, pagination: { ...paginationOf(page, limit, total), totalCapped, nextCursor } };
    },
  );

  app.get(
    '/api/sales/my-sales',
    {
      config: { access: ['admin', 'sales'] },
      schema: { tags, querystring: listQuery, response: { 200: salesPageSchema, ...errorReplies } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { sales, total, totalCapped, nextCursor } = await listSales(
        db,
        { sellerId: currentUser(request).id },
        request.query,
      );
      return { sales, pagination: { ...paginationOf(page, limit, total), totalCapped, nextCursor } };
    },
  );

  app.get(
    '/api/sales/export',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: { tags, querystring: exportQuerySchema, response: exportReplies },
    },
    async (request, reply) => {
      const scope = scopeFor(currentUser(request));
      return sendListExport(request, reply, request.query, {
        fileName: 'ventas',
        columns: saleExportColumns,
        read: (query, after: ExportedSale | undefined, limit) => salesBatch(db, scope, query, after, limit),
      });
    },
  );

  // The list's seller filter; finance may not read users, yet filters by seller (issue 16).
  app.get(
    '/api/sales/sellers',
    {
      config: { access: ['admin', 'finance'] },
      schema: { tags, response: { 200: saleSellersSchema, ...errorReplies } },
    },
    async () => ({ sellers: await listSellers(db) }),
  );

  app.get(
    '/api/sales/:id',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: { tags, params: idParams, response: { 200: saleDetailSchema, ...errorReplies } },
    },
    async (request, reply) => {
      const sale = await loadSale(db, request.params.id, scopeFor(currentUser(request)));
      // The version as an entity tag, so a client that keeps no `version` can send it back in If-Match.
      reply.header('etag', `"${sale.version}"`);
      return sale;
    },
  );

  app.post(
    '/api/sales',
    {
      config: { access: ['admin', 'sales'] },
      schema: { tags, body: saleCreateRequestSchema, response: { 201: saleSavedSchema, ...errorReplies } },
    },
    async (request, reply) => {
      const sale = await createSale(db, currentUser(request), request.body, auditActor(request));
      return reply.status(201).send({ message: 'Venta creada', sale });
    },
  );

  app.put(
    '/api/sales/:id',
    {
      config: { access: ['admin', 'sales'] },
      schema: {
        tags,
        params: idParams,
        body: saleUpdateRequestSchema,
        response: { 200: saleSavedSchema, ...errorReplies },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const body = request.body;
      const version = body.version ?? ifMatchVersion(request.headers['if-match']);
      const sale =
        body.kind === 'status'
          ? await changeStatus(db, actor, request.params.id, body.status, version, auditActor(request))
          : await editSale(db, actor, request.params.id, { ...body, version }, auditActor(request));
      return { message: 'Venta actualizada', sale };
    },
  );

  app.delete(
    '/api/sales/:id',
    {
      config: { access: ['admin'] },
      schema: { tags, params: idParams, response: { 200: messageResponse, ...errorReplies } },
    },
    async (request) => {
      await deleteSale(db, request.params.id, auditActor(request));
      return { message: 'Venta eliminada' };
    },
  );
};
