import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commissionsApi } from '../../../domain/api/commissions';
import type { CommissionLine, CommissionsReply } from '../../../domain/commissions';
import type { Database } from '../../db/client';
import { type ExportColumn, oneBatch, sendExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { listRules, saveRules } from './rules';
import { closeMonth, monthCommissions } from './service';

/** One line of the export: the reply's line with its month and seller beside it. */
type ExportRow = CommissionLine & { month: string; sellerId: number; username: string };

/** The reply's lines, one row each, in the reply's order. */
const exportRows = (reply: CommissionsReply): ExportRow[] =>
  reply.sellers.flatMap((seller) =>
    seller.sales.map((line) => ({
      ...line,
      month: reply.month,
      sellerId: seller.sellerId,
      username: seller.username,
    })),
  );

const lineColumns: ExportColumn<ExportRow>[] = [
  { header: 'Mes', kind: 'text', value: (r) => r.month },
  { header: 'Vendedor', kind: 'text', value: (r) => r.username },
  { header: 'Venta', kind: 'number', value: (r) => r.saleId },
  { header: 'Base', kind: 'money', value: (r) => r.base },
  { header: 'Porcentaje', kind: 'number', value: (r) => r.percent },
  { header: 'Comisión', kind: 'money', value: (r) => r.commission },
  { header: 'Ajuste', kind: 'text', value: (r) => (r.adjustment ? 'Sí' : 'No') },
];

export const commissionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['commissions'];

  app.route({
    ...routeOf(commissionsApi.rules, tags),
    handler: async () => ({ data: await listRules(db) }),
  });

  app.route({
    ...routeOf(commissionsApi.saveRules, tags),
    handler: async (request) => ({ data: await saveRules(db, request.body.rules, auditActor(request)) }),
  });

  app.route({
    ...routeOf(commissionsApi.month, tags),
    handler: async (request) => monthCommissions(db, request.query.month, currentUser(request)),
  });

  app.route({
    ...routeOf(commissionsApi.export, tags),
    handler: async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: `comisiones-${request.query.month}`,
        columns: lineColumns,
        batches: oneBatch(monthCommissions(db, request.query.month, currentUser(request)).then(exportRows)),
      }),
  });

  app.route({
    ...routeOf(commissionsApi.close, tags),
    handler: async (request) => {
      const closed = await closeMonth(db, request.params.month, auditActor(request));
      return { message: `Comisiones de ${request.params.month} cerradas`, ...closed };
    },
  });
};
