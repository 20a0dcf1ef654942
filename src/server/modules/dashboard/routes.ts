import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyToday } from '../../../domain/agency-day';
import { DASHBOARD_DEPARTURES, dashboardApi } from '../../../domain/api/dashboard';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { agencyTimeZone } from '../company';
import { scopeFor } from '../sales';
import { salesBreakdowns, salesOverview, upcomingDepartures } from './queries';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['dashboard'];
  /** Departures from, and the chart up to, the agency's day rather than the server's UTC date. */
  const today = async () => agencyToday(await agencyTimeZone(db));

  app.route({
    ...routeOf(dashboardApi.total, tags),
    handler: async (request) => ({
      total: (await salesBreakdowns(db, scopeFor(currentUser(request)))).total,
    }),
  });

  app.route({
    ...routeOf(dashboardApi.stats, tags),
    handler: async (request) => {
      const scope = scopeFor(currentUser(request));
      const [breakdowns, departures] = await Promise.all([
        salesBreakdowns(db, scope),
        upcomingDepartures(db, scope, await today(), DASHBOARD_DEPARTURES),
      ]);
      const { salesByStatus, salesCount, total, salesByServiceType, salesByRegion } = breakdowns;
      return { salesByStatus, salesCount, total, salesByServiceType, salesByRegion, departures };
    },
  });

  app.route({
    ...routeOf(dashboardApi.statsByType, tags),
    handler: async (request) => {
      const { salesBySaleType, salesByServiceType, salesByRegion } = await salesBreakdowns(
        db,
        scopeFor(currentUser(request)),
      );
      return { salesBySaleType, salesByServiceType, salesByRegion };
    },
  });

  app.route({
    ...routeOf(dashboardApi.upcomingDepartures, tags),
    handler: async (request) => ({
      departures: await upcomingDepartures(
        db,
        scopeFor(currentUser(request)),
        await today(),
        request.query.limit,
      ),
    }),
  });

  app.route({
    ...routeOf(dashboardApi.overview, tags),
    handler: async (request) => ({
      chartData: await salesOverview(db, scopeFor(currentUser(request)), await today()),
    }),
  });
};
