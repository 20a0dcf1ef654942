import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIso } from '../../../domain/report-params';
import {
  payablesQuerySchema,
  payablesReplySchema,
  receivableClientQuerySchema,
  receivableClientReplySchema,
  receivablesQuerySchema,
  receivablesReplySchema,
  salesReportQuerySchema,
  salesReportReplySchema,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { scopeFor } from '../sales';
import { payables } from './payables';
import { receivableClient, receivables } from './receivables';
import { salesReport } from './sales-report';

/** DESIGN.md 7: what clients owe and what is due to suppliers are for admin and finance. */
const FINANCE = ['admin', 'finance'] as const;
/** The sales report: admin and finance see the company, a seller their own sales. */
const ALL = ['admin', 'sales', 'finance'] as const;

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['reports'];

  app.get(
    '/api/reports/receivables',
    {
      config: { access: FINANCE },
      schema: { tags, querystring: receivablesQuerySchema, response: { 200: receivablesReplySchema } },
    },
    async (request) => receivables(db, { ...request.query, asOf: request.query.asOf ?? todayIso() }),
  );

  app.get(
    '/api/reports/receivables/:id',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        params: idParams,
        querystring: receivableClientQuerySchema,
        response: { 200: receivableClientReplySchema },
      },
    },
    async (request) => receivableClient(db, request.params.id, request.query.asOf ?? todayIso()),
  );

  app.get(
    '/api/reports/payables',
    {
      config: { access: FINANCE },
      schema: { tags, querystring: payablesQuerySchema, response: { 200: payablesReplySchema } },
    },
    async (request) => payables(db, request.query.asOf ?? todayIso(), request.query.days),
  );

  app.get(
    '/api/reports/sales',
    {
      config: { access: ALL },
      schema: { tags, querystring: salesReportQuerySchema, response: { 200: salesReportReplySchema } },
    },
    async (request) => {
      const { groupBy, dateField, from, to } = request.query;
      // A missing bound stays in the calendar year of the other one (or of today without either).
      const year = (from ?? to ?? todayIso()).slice(0, 4);
      const range = { from: from ?? `${(to ?? year).slice(0, 4)}-01-01`, to: to ?? `${year}-12-31` };
      return salesReport(db, scopeFor(currentUser(request)), { groupBy, dateField, ...range });
    },
  );
};
