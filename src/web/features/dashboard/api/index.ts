import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../../../../domain/api/dashboard';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { paymentsApi } from '../../../../domain/api/payments';
import { salesApi } from '../../../../domain/api/sales';
import type { OverviewDay, SaleStats } from '../../../../domain/dashboard';
import type { Payment } from '../../../../domain/payment-replies';
import type { Role } from '../../../../domain/roles';
import type { SaleListRow } from '../../../../domain/sale-replies';
import { queryCall } from '../../../api/client';

export type { Departure, OverviewDay, SaleStats } from '../../../../domain/dashboard';

/** How many recent sales and payments a seller's activity panel lists. */
export const RECENT_LIMIT = 5;

/** The seller's latest sales, as the sales list gives them. */
export type RecentSale = Pick<
  SaleListRow,
  'id' | 'passengerName' | 'status' | 'salePrice' | 'currency' | 'creationDate'
>;

/** The seller's latest payments, as the payments list gives them. */
export type RecentPayment = Omit<Payment, 'reference' | 'createdAt'> & {
  sale: { passengerName: string; clientName: string; currency: string };
};

/**
 * Rooted at 'sales' and 'payments' like those features' own keys: a sale or payment written anywhere
 * invalidates its whole root, so the dashboard never shows figures from before that write.
 */
export const dashboardKeys = {
  stats: ['sales', 'dashboard', 'stats'] as const,
  overview: ['sales', 'dashboard', 'overview'] as const,
  recentSales: ['sales', 'dashboard', 'recent'] as const,
  recentPayments: ['payments', 'dashboard', 'recent'] as const,
};

export const statsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: queryCall(dashboardApi.stats),
});

export const overviewQuery = queryOptions({
  queryKey: dashboardKeys.overview,
  queryFn: queryCall(dashboardApi.overview),
  // Typed here: TypeScript does not carry a generic queryFn's reply into `select`.
  select: (body: ReplyOf<typeof dashboardApi.overview>) => body.chartData,
});

export const recentSalesQuery = queryOptions({
  queryKey: dashboardKeys.recentSales,
  queryFn: queryCall(salesApi.mine, { query: { limit: RECENT_LIMIT } }),
  select: (body: ReplyOf<typeof salesApi.mine>) => body.sales,
});

export const recentPaymentsQuery = queryOptions({
  queryKey: dashboardKeys.recentPayments,
  queryFn: queryCall(paymentsApi.list, { query: { limit: RECENT_LIMIT } }),
  select: (body: ReplyOf<typeof paymentsApi.list>): RecentPayment[] => body.payments,
});

export interface DashboardData {
  stats: SaleStats;
  overview: OverviewDay[];
  /** Only for sales users, whose dashboard has the activity panel. */
  activity?: { sales: RecentSale[]; payments: RecentPayment[] };
}

/**
 * Every figure of the dashboard as one loading state: the page shows all of them or none, and
 * 'Reintentar' refetches only the calls that failed.
 */
export function useDashboard(role: Role) {
  const isSeller = role === 'sales';
  const stats = useQuery(statsQuery);
  const overview = useQuery(overviewQuery);
  const recentSales = useQuery({ ...recentSalesQuery, enabled: isSeller });
  const recentPayments = useQuery({ ...recentPaymentsQuery, enabled: isSeller });

  // A disabled query stays "pending" forever, so only the calls this role makes are looked at.
  const used: UseQueryResult[] = isSeller
    ? [stats, overview, recentSales, recentPayments]
    : [stats, overview];
  // isLoadingError: failed with nothing to show yet; a failed background refresh keeps the old figures.
  const failed = used.filter((query) => query.isLoadingError);

  let data: DashboardData | undefined;
  if (stats.data && overview.data) {
    if (!isSeller) data = { stats: stats.data, overview: overview.data };
    else if (recentSales.data && recentPayments.data) {
      data = {
        stats: stats.data,
        overview: overview.data,
        activity: { sales: recentSales.data, payments: recentPayments.data },
      };
    }
  }

  return {
    data,
    error: failed[0]?.error,
    retry: () => {
      for (const query of failed) void query.refetch();
    },
  };
}
