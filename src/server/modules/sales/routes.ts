import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salesApi } from '../../../domain/api/sales';
import { paginationOf } from '../../../domain/pagination';
import type { SaleDetail, SaleListRow } from '../../../domain/sale-replies';
import type { Database } from '../../db/client';
import { sendListExport } from '../../lib/export';
import { jsonList, jsonValue } from '../../lib/json-text';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { loadSaleText } from './detail';
import { saleExportColumns } from './export';
import { type ExportedSale, listSales, listSellers, salesBatch } from './list-queries';
import { savePlan } from './plan';
import { changeStatus, createSale, deleteSale, editSale, scopeFor } from './service';

/** `If-Match: "3"` (or W/"3") names the version an edit started from; anything else names none. */
function ifMatchVersion(header: string | undefined): number | undefined {
  const match = header ? /^(?:W\/)?"([1-9][0-9]{0,8})"$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

export const salesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['sales'];

  app.route({
    ...routeOf(salesApi.list, tags),
    handler: async (request) => {
      const { page, limit } = request.query;
      const { rows, total, totalCapped, nextCursor } = await listSales(
        db,
        scopeFor(currentUser(request)),
        request.query,
      );
      return {
        sales: jsonList<SaleListRow>(rows.map((row) => row.json)),
        pagination: { ...paginationOf(page, limit, total), totalCapped, nextCursor },
      };
    },
  });

  app.route({
    ...routeOf(salesApi.mine, tags),
    handler: async (request) => {
      const { page, limit } = request.query;
      const { rows, total, totalCapped, nextCursor } = await listSales(
        db,
        { sellerId: currentUser(request).id },
        request.query,
      );
      return {
        sales: jsonList<SaleListRow>(rows.map((row) => row.json)),
        pagination: { ...paginationOf(page, limit, total), totalCapped, nextCursor },
      };
    },
  });

  app.route({
    ...routeOf(salesApi.export, tags),
    handler: async (request, reply) => {
      const scope = scopeFor(currentUser(request));
      return sendListExport(request, reply, request.query, {
        fileName: 'ventas',
        columns: saleExportColumns,
        read: (query, after: ExportedSale | undefined, limit) => salesBatch(db, scope, query, after, limit),
      });
    },
  });

  app.route({
    ...routeOf(salesApi.sellers, tags),
    handler: async () => ({ sellers: await listSellers(db) }),
  });

  app.route({
    ...routeOf(salesApi.one, tags),
    handler: async (request, reply) => {
      const sale = await loadSaleText(db, request.params.id, scopeFor(currentUser(request)));
      // The version as an entity tag, so a client that keeps no `version` can send it back in If-Match.
      reply.header('etag', `"${sale.version}"`);
      return jsonValue<SaleDetail>(sale.json);
    },
  });

  app.route({
    ...routeOf(salesApi.create, tags),
    handler: async (request, reply) => {
      const sale = await createSale(db, currentUser(request), request.body, auditActor(request));
      return reply.status(201).send({ message: 'Venta creada', sale });
    },
  });

  app.route({
    ...routeOf(salesApi.update, tags),
    handler: async (request) => {
      const actor = currentUser(request);
      const body = request.body;
      const version = body.version ?? ifMatchVersion(request.headers['if-match']);
      const sale =
        body.kind === 'status'
          ? await changeStatus(db, actor, request.params.id, body.status, version, auditActor(request))
          : await editSale(db, actor, request.params.id, { ...body, version }, auditActor(request));
      return { message: 'Venta actualizada', sale };
    },
  });

  app.route({
    ...routeOf(salesApi.plan, tags),
    handler: async (request) => {
      const sale = await savePlan(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        auditActor(request),
      );
      return { message: 'Plan de pagos guardado', sale };
    },
  });

  app.route({
    ...routeOf(salesApi.remove, tags),
    handler: async (request) => {
      await deleteSale(db, request.params.id, auditActor(request));
      return { message: 'Venta eliminada' };
    },
  });
};
