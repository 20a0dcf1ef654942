import { and, asc, gte, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sumMoney } from '../../../domain/money';
import { addDays } from '../../../domain/report-params';
import { SALE_STATUSES } from '../../../domain/status';
import type { Database } from '../../db/client';
import { countValue, moneyValue } from '../../db/money';
import { sales, salesDaily, salesSummary } from '../../db/schema';
import { type SaleScope, sellerCondition } from '../sales';

/*
 * Dashboard figures over the caller's scope: a seller sees their own sales, admin and
 * finance the whole company. Counts and sums read the trigger-kept `sales_summary` and the 30-day
 * chart `sales_daily` (a few hundred rows, exact, see docs/performance.md); upcoming departures read
 * the sales through the travel-date index.
 */

type Breakdown = Record<string, { count: number; totalCost: number }>;
const BREAKDOWN_COLUMNS = {
  status: salesSummary.status,
  saleType: salesSummary.saleType,
  serviceType: salesSummary.serviceType,
  region: salesSummary.region,
} satisfies Record<string, AnyPgColumn>;
type BreakdownKey = keyof typeof BREAKDOWN_COLUMNS;

/**
 * Sales counted by status, sale type, service type and region, and the revenue (sale prices of
 * every sale that is not cancelled), in one query over
 * the summary (grouping sets: one group per column; the other columns are null in its rows).
 */
export async function salesBreakdowns(db: Database, scope: SaleScope) {
  const columns = Object.values(BREAKDOWN_COLUMNS);
  const rows = await db
    .select({
      ...BREAKDOWN_COLUMNS,
      count: countValue(sql`sum(${salesSummary.salesCount})`),
      salePrice: moneyValue(sql`sum(${salesSummary.salePrice})`, 'USD'),
      totalCost: moneyValue(sql`sum(${salesSummary.totalCost})`, 'USD'),
    })
    .from(salesSummary)
    .where(sellerCondition(salesSummary.sellerId, scope))
    .groupBy(
      sql`grouping sets (${sql.join(
        columns.map((c) => sql`(${c})`),
        sql`, `,
      )})`,
    )
    .having(sql`sum(${salesSummary.salesCount}) > 0`)
    .orderBy(sql`sum(${salesSummary.salesCount}) desc`, ...columns.map((c) => asc(c)));
  const by = (key: BreakdownKey): Breakdown =>
    Object.fromEntries(
      rows.filter((r) => r[key] !== null).map((r) => [r[key], { count: r.count, totalCost: r.totalCost }]),
    );
  const byStatus = by('status');
  const salesByStatus = Object.fromEntries(SALE_STATUSES.map((s) => [s, byStatus[s]?.count ?? 0])) as Record<
    (typeof SALE_STATUSES)[number],
    number
  >;
  return {
    salesByStatus,
    salesCount: Object.values(salesByStatus).reduce((a, b) => a + b, 0),
    // Revenue: sale prices of every sale that is not cancelled, added in integer cents.
    total: sumMoney(
      rows.filter((r) => r.status !== null && r.status !== 'cancelled').map((r) => r.salePrice),
    ),
    salesBySaleType: by('saleType'),
    salesByServiceType: by('serviceType'),
    salesByRegion: by('region'),
  };
}

/** Confirmed or completed sales travelling `today` (the agency's day) or later, soonest first. */
export async function upcomingDepartures(db: Database, scope: SaleScope, today: string, limit: number) {
  const rows = await db
    .select({
      id: sales.id,
      passengerName: sales.passengerName,
      region: sales.region,
      serviceType: sales.serviceType,
      travelDate: sales.travelDate,
      status: sales.status,
    })
    .from(sales)
    .where(
      and(
        sellerCondition(sales.sellerId, scope),
        inArray(sales.status, ['confirmed', 'completed']),
        gte(sales.travelDate, today),
      ),
    )
    .orderBy(asc(sales.travelDate), asc(sales.id))
    .limit(limit);
  return rows;
}

/**
 * Sales per day over the 30 days ending on `today` (the agency's day); days without sales are zeros.
 * The kept day rows count a sale on the agency's day it was created (migration 0017).
 */
export async function salesOverview(db: Database, scope: SaleScope, today: string) {
  const first = addDays(today, -29);
  const rows = await db
    .select({
      date: salesDaily.day,
      count: countValue(sql`sum(${salesDaily.salesCount})`),
      totalSale: moneyValue(sql`sum(${salesDaily.salePrice})`, 'USD'),
      totalCost: moneyValue(sql`sum(${salesDaily.totalCost})`, 'USD'),
    })
    .from(salesDaily)
    .where(and(sellerCondition(salesDaily.sellerId, scope), gte(salesDaily.day, first)))
    .groupBy(salesDaily.day);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const dayLabel = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 30 }, (_, i) => {
    const date = addDays(first, i);
    const row = byDay.get(date);
    return {
      date,
      day: dayLabel.format(new Date(`${date}T00:00:00Z`)),
      count: row?.count ?? 0,
      totalSale: row?.totalSale ?? 0,
      totalCost: row?.totalCost ?? 0,
    };
  });
}
