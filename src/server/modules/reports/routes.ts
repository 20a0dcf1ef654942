import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyToday } from '../../../domain/agency-day';
import { reportsApi } from '../../../domain/api/reports';
import type { ReportDateField, ReportGroup } from '../../../domain/reports';
import type { Database } from '../../db/client';
import { oneBatch, sendExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { agencyTimeZone } from '../company';
import { scopeFor } from '../sales';
import { payableColumns, receivableBatches, receivableColumns, salesReportColumns } from './export';
import { payables } from './payables';
import { receivableClient, receivables } from './receivables';
import { salesReport } from './sales-report';

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['reports'];
  /** The agency's day (not the server's UTC date): the reference of every report without `asOf`. */
  const today = async () => agencyToday(await agencyTimeZone(db));

  app.route({
    ...routeOf(reportsApi.receivables, tags),
    handler: async (request) =>
      receivables(db, { ...request.query, asOf: request.query.asOf ?? (await today()) }),
  });

  app.route({
    ...routeOf(reportsApi.receivableClient, tags),
    handler: async (request) =>
      receivableClient(db, request.params.id, request.query.asOf ?? (await today())),
  });

  app.route({
    ...routeOf(reportsApi.payables, tags),
    handler: async (request) => payables(db, request.query.asOf ?? (await today()), request.query.days),
  });

  app.route({
    ...routeOf(reportsApi.sales, tags),
    handler: async (request) =>
      salesReport(db, scopeFor(currentUser(request)), reportQuery(request.query, await today())),
  });

  // Exports: the same roles, scope and parameters as each report, plus `format`.
  app.route({
    ...routeOf(reportsApi.receivablesExport, tags),
    handler: async (request, reply) => {
      const { format, asOf, ...query } = request.query;
      return sendExport(request, reply, {
        format,
        fileName: 'cobranza',
        columns: receivableColumns,
        batches: receivableBatches(db, { ...query, asOf: asOf ?? (await today()) }),
      });
    },
  });

  app.route({
    ...routeOf(reportsApi.payablesExport, tags),
    handler: async (request, reply) => {
      const { format, asOf, days } = request.query;
      const dues = payables(db, asOf ?? (await today()), days);
      return sendExport(request, reply, {
        format,
        fileName: 'vencimientos',
        columns: payableColumns(days),
        batches: oneBatch(dues.then((r) => r.suppliers)),
      });
    },
  });

  app.route({
    ...routeOf(reportsApi.salesExport, tags),
    handler: async (request, reply) => {
      const query = reportQuery(request.query, await today());
      const report = salesReport(db, scopeFor(currentUser(request)), query);
      return sendExport(request, reply, {
        format: request.query.format,
        fileName: 'reporte-ventas',
        columns: salesReportColumns(query.groupBy),
        batches: oneBatch(report.then((r) => r.rows)),
      });
    },
  });
};

/** A missing bound stays in the calendar year of the other one (or of today without either). */
function reportQuery(
  query: {
    groupBy: ReportGroup;
    dateField: ReportDateField;
    from?: string;
    to?: string;
  },
  today: string,
) {
  const { groupBy, dateField, from, to } = query;
  const year = (from ?? to ?? today).slice(0, 4);
  return {
    groupBy,
    dateField,
    from: from ?? `${(to ?? year).slice(0, 4)}-01-01`,
    to: to ?? `${year}-12-31`,
  };
}
