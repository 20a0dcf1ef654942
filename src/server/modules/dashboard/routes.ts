import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencyToday } from '../../../domain/agency-day';
import {
  departuresSchema,
  saleStatsSchema,
  salesOverviewSchema,
  salesTotalSchema,
  statsByTypeSchema,
} from '../../../domain/dashboard';
import { queryInt } from '../../../domain/input';
import type { Database } from '../../db/client';
import { errorReplies } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { agencyTimeZone } from '../company';
import { scopeFor } from '../sales';
import { salesBreakdowns, salesOverview, upcomingDepartures } from './queries';

const ALL = ['admin', 'sales', 'finance'] as const;
/** The dashboard lists the next five departures. */
const DASHBOARD_DEPARTURES = 5;

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['dashboard'];
  /** Departures from, and the chart up to, the agency's day rather than the server's UTC date. */
  const today = async () => agencyToday(await agencyTimeZone(db));

  app.get(
    '/api/sales/total',
    { config: { access: ALL }, schema: { tags, response: { 200: salesTotalSchema, ...errorReplies } } },
    async (request) => ({ total: (await salesBreakdowns(db, scopeFor(currentUser(request)))).total }),
  );

  app.get(
    '/api/sales/stats',
    { config: { access: ALL }, schema: { tags, response: { 200: saleStatsSchema, ...errorReplies } } },
    async (request) => {
      const scope = scopeFor(currentUser(request));
      const [breakdowns, departures] = await Promise.all([
        salesBreakdowns(db, scope),
        upcomingDepartures(db, scope, await today(), DASHBOARD_DEPARTURES),
      ]);
      const { salesByStatus, salesCount, total, salesByServiceType, salesByRegion } = breakdowns;
      return { salesByStatus, salesCount, total, salesByServiceType, salesByRegion, departures };
    },
  );

  app.get(
    '/api/sales/stats-by-type',
    { config: { access: ALL }, schema: { tags, response: { 200: statsByTypeSchema, ...errorReplies } } },
    async (request) => {
      const { salesBySaleType, salesByServiceType, salesByRegion } = await salesBreakdowns(
        db,
        scopeFor(currentUser(request)),
      );
      return { salesBySaleType, salesByServiceType, salesByRegion };
    },
  );

  app.get(
    '/api/sales/upcoming-departures',
    {
      config: { access: ALL },
      schema: {
        tags,
        querystring: z.object({
          limit: queryInt('limit', 1, 50).default(DASHBOARD_DEPARTURES),
        }),
        response: { 200: departuresSchema, ...errorReplies },
      },
    },
    async (request) => ({
      departures: await upcomingDepartures(
        db,
        scopeFor(currentUser(request)),
        await today(),
        request.query.limit,
      ),
    }),
  );

  app.get(
    '/api/sales/sales-overview',
    { config: { access: ALL }, schema: { tags, response: { 200: salesOverviewSchema, ...errorReplies } } },
    async (request) => ({
      chartData: await salesOverview(db, scopeFor(currentUser(request)), await today()),
    }),
  );
};
