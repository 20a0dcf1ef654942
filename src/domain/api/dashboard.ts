import { z } from 'zod';
import { STAFF } from '../access';
import {
  departuresSchema,
  saleStatsSchema,
  salesOverviewSchema,
  salesTotalSchema,
  statsByTypeSchema,
} from '../dashboard';
import { queryInt } from '../input';
import { endpoint, SIGNED_IN } from './endpoint';

/** The dashboard lists the next five departures. */
export const DASHBOARD_DEPARTURES = 5;

/** The dashboard's figures, over the sales the caller may see. */
export const dashboardApi = {
  total: endpoint({
    method: 'GET',
    path: '/api/sales/total',
    access: STAFF,
    replies: { 200: salesTotalSchema },
    errors: SIGNED_IN,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/sales/stats',
    access: STAFF,
    replies: { 200: saleStatsSchema },
    errors: SIGNED_IN,
  }),
  statsByType: endpoint({
    method: 'GET',
    path: '/api/sales/stats-by-type',
    access: STAFF,
    replies: { 200: statsByTypeSchema },
    errors: SIGNED_IN,
  }),
  upcomingDepartures: endpoint({
    method: 'GET',
    path: '/api/sales/upcoming-departures',
    access: STAFF,
    query: z.object({ limit: queryInt('limit', 1, 50).default(DASHBOARD_DEPARTURES) }),
    replies: { 200: departuresSchema },
    errors: SIGNED_IN,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/sales/sales-overview',
    access: STAFF,
    replies: { 200: salesOverviewSchema },
    errors: SIGNED_IN,
  }),
};
