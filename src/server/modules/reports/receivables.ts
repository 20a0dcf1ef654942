import { and, asc, desc, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import { paginationOf } from '../../../domain/pagination';
import {
  AGE_BUCKETS,
  type AgeBucket,
  ageBucket,
  type ReceivableClientReply,
  type ReceivablesReply,
  type ReceivablesSort,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { type Money, moneyValue } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { balanceDays, clientBalances, clients, saleBalances } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { nameContains } from '../../lib/search';
import { type SaleScope, sellerCondition } from '../sales';
import { bucketConditions, openSales, openSalesWithSale, overdueTotal } from './open-sales';

/** Cobranza: every client with open sales, their debt split by age against the travel date. */

type Buckets = Record<AgeBucket, number>;

type Query = { asOf: string; q?: string; sort: ReceivablesSort; page: number; limit: number };
/** A page's row: the clients' figures, and the totals over all of them (amounts already numbers). */
type RawRow = Record<string, number | string>;

/** The pending amount summed per age bucket, given the days since travel (columns named `<bucket><suffix>`). */
function bucketSums(days: SQL | unknown, pending: SQL | unknown, suffix = '') {
  const when = bucketConditions(days);
  return Object.fromEntries(
    AGE_BUCKETS.map((b) => [
      `${b}${suffix}`,
      moneyValue(sql`coalesce(sum(${pending}) filter (where ${when[b]}), 0)`, 'USD').as(`${b}${suffix}`),
    ]),
  ) as Record<AgeBucket, SQL.Aliased<Money<'USD'>>>;
}

/**
 * One page of clients; every row also carries the totals over all matching clients (window sums):
 * every open sale grouped per client, for a search or the overdue sort (which depends on `asOf`).
 */
async function clientPage(db: Database, query: Query): Promise<RawRow[]> {
  const open = openSales(db, query.asOf, undefined);
  const c = db.$with('per_client').as(
    db
      .select({
        clientId: open.clientId,
        salesCount: sql<number>`count(*)::int`.as('sales_count'),
        totalSale: sql<string>`sum(${open.salePrice})`.as('total_sale'),
        paidAmount: sql<string>`sum(${open.paid})`.as('paid'),
        pendingAmount: sql<string>`sum(${open.pending})`.as('pending'),
        overdueAmount: sql<string>`sum(${open.overdue})`.as('overdue'),
        ...bucketSums(open.days, open.pending),
      })
      .from(open)
      .groupBy(open.clientId),
  );
  const orders: Record<ReceivablesSort, SQL[]> = {
    pending: [desc(c.pendingAmount)],
    overdue: [desc(c.overdueAmount), desc(c.pendingAmount)],
    name: [],
    sales: [desc(c.salesCount), desc(c.pendingAmount)],
  };
  const over = (value: SQL.Aliased) => moneyValue(sql`sum(${value}) over ()`, 'USD');
  const rows = await db
    .with(c)
    .select({
      clientId: c.clientId,
      clientName: clients.name,
      salesCount: c.salesCount,
      totalSale: moneyValue(c.totalSale, 'USD'),
      paidAmount: moneyValue(c.paidAmount, 'USD'),
      pendingAmount: moneyValue(c.pendingAmount, 'USD'),
      overdueAmount: moneyValue(c.overdueAmount, 'USD'),
      ...Object.fromEntries(AGE_BUCKETS.map((b) => [b, moneyValue(c[b], 'USD')])),
      clientsCount: sql<number>`(count(*) over ())::int`,
      totalSalesCount: sql<number>`(sum(${c.salesCount}) over ())::int`,
      totalSaleSum: over(c.totalSale),
      paidSum: over(c.paidAmount),
      pendingSum: over(c.pendingAmount),
      overdueSum: over(c.overdueAmount),
      ...Object.fromEntries(AGE_BUCKETS.map((b) => [`${b}Sum`, over(c[b])])),
    })
    .from(c)
    .innerJoin(clients, eq(clients.id, c.clientId))
    .where(query.q ? nameContains(clients.name, query.q) : undefined)
    .orderBy(...orders[query.sort], asc(nameSortKey(clients.name)), asc(c.clientId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows as unknown as RawRow[];
}

/**
 * By pending, the page holds no client owing less than the last one it shows: that amount, read from
 * client_balances_pending_idx, bounds the page's query to an index range (ties on it included, so the
 * order by name among them stays exact) instead of sorting every client.
 */
/** In the index's order (never null: NULLS LAST only lets the planner read the index). */
const byPending = sql`${clientBalances.pending} desc nulls last`;

async function pendingFloor(db: Database, query: Query): Promise<SQL | undefined> {
  const cb = clientBalances;
  const [last] = await db
    .select({ pending: cb.pending })
    .from(cb)
    .where(gt(cb.salesCount, 0))
    .orderBy(byPending)
    .limit(1)
    .offset(query.page * query.limit - 1);
  return last ? gte(cb.pending, last.pending) : undefined;
}

/**
 * The same page from the kept sums (migrations/0010): clients in order from `client_balances`, only
 * the page's clients' open sales read for their buckets, the totals from the client sums and the
 * buckets' totals from the pending per travel day (`balance_days`).
 */
async function keptPage(
  db: Database,
  query: Query & { sort: 'pending' | 'name' | 'sales' },
): Promise<RawRow[]> {
  const cb = clientBalances;
  const orders: Record<typeof query.sort, SQL[]> = {
    pending: [byPending],
    name: [],
    sales: [desc(cb.salesCount), desc(cb.pending)],
  };
  const page = await db
    .select({
      clientId: cb.clientId,
      clientName: clients.name,
      salesCount: cb.salesCount,
      totalSale: moneyValue(cb.totalSale, 'USD'),
      paidAmount: moneyValue(cb.paid, 'USD'),
      pendingAmount: moneyValue(cb.pending, 'USD'),
    })
    .from(cb)
    .innerJoin(clients, eq(clients.id, cb.clientId))
    .where(and(gt(cb.salesCount, 0), query.sort === 'pending' ? await pendingFloor(db, query) : undefined))
    .orderBy(...orders[query.sort], asc(nameSortKey(clients.name)), asc(cb.clientId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const open = openSales(
    db,
    query.asOf,
    page.length
      ? inArray(
          saleBalances.clientId,
          page.map((p) => p.clientId),
        )
      : sql`false`,
  );
  const days = sql`(${query.asOf}::date - ${balanceDays.travelDate})`;
  const [buckets, [totals], [bucketTotals], overdueSum] = await Promise.all([
    db
      .select({
        clientId: open.clientId,
        overdueAmount: moneyValue(sql`sum(${open.overdue})`, 'USD'),
        ...bucketSums(open.days, open.pending),
      })
      .from(open)
      .groupBy(open.clientId),
    db
      .select({
        clientsCount: sql<number>`(count(*) filter (where ${cb.salesCount} > 0))::int`,
        totalSalesCount: sql<number>`coalesce(sum(${cb.salesCount}), 0)::int`,
        totalSaleSum: moneyValue(sql`sum(${cb.totalSale})`, 'USD'),
        paidSum: moneyValue(sql`sum(${cb.paid})`, 'USD'),
        pendingSum: moneyValue(sql`sum(${cb.pending})`, 'USD'),
      })
      .from(cb),
    db.select(bucketSums(days, balanceDays.pending, 'Sum')).from(balanceDays),
    overdueTotal(db, query.asOf),
  ]);
  const bucketsOfClient = new Map(buckets.map((b) => [b.clientId, b]));
  const all = { ...totals, ...bucketTotals, overdueSum };
  // Every row carries the totals, as clientPage's do; a page past the end carries them on none.
  return page.map((p) => ({ ...bucketsOfClient.get(p.clientId), ...p, ...all }) as unknown as RawRow);
}

/** An id, count or amount of a page's row (each selected as a number); 0 when there is no row. */
const figure = (row: RawRow | undefined, name: string) => (row?.[name] ?? 0) as number;

const bucketsOf = (row: RawRow | undefined, suffix: string): Buckets =>
  Object.fromEntries(AGE_BUCKETS.map((b) => [b, figure(row, `${b}${suffix}`)])) as Buckets;

/** A page sorted by pending, name or sales without a search reads the kept sums; the rest groups the open sales. */
const pageOf = (db: Database, query: Query) =>
  query.q || query.sort === 'overdue' ? clientPage(db, query) : keptPage(db, { ...query, sort: query.sort });

export async function receivables(db: Database, query: Query): Promise<ReceivablesReply> {
  const rows = await pageOf(db, query);
  // A page past the end has no row to carry the totals: read them from the first row instead.
  const totals =
    rows[0] ?? (query.page > 1 ? (await pageOf(db, { ...query, page: 1, limit: 1 }))[0] : undefined);
  const clientsCount = figure(totals, 'clientsCount');
  return {
    asOf: query.asOf,
    clients: rows.map((r) => ({
      clientId: figure(r, 'clientId'),
      clientName: String(r.clientName),
      salesCount: figure(r, 'salesCount'),
      totalSale: figure(r, 'totalSale'),
      paidAmount: figure(r, 'paidAmount'),
      pendingAmount: figure(r, 'pendingAmount'),
      overdueAmount: figure(r, 'overdueAmount'),
      buckets: bucketsOf(r, ''),
    })),
    totals: {
      clientsCount,
      salesCount: figure(totals, 'totalSalesCount'),
      totalSale: figure(totals, 'totalSaleSum'),
      paidAmount: figure(totals, 'paidSum'),
      pendingAmount: figure(totals, 'pendingSum'),
      overdueAmount: figure(totals, 'overdueSum'),
      buckets: bucketsOf(totals, 'Sum'),
    },
    pagination: paginationOf(query.page, query.limit, clientsCount),
  };
}

/**
 * One client's open sales, oldest travel first, with the client's figures; 404 for an unknown client.
 * `scope` narrows them to a seller's own sales (the client's statement a seller prints).
 */
export async function receivableClient(
  db: Database,
  clientId: number,
  asOf: string,
  scope: SaleScope = {},
): Promise<ReceivableClientReply> {
  const [client] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw notFound('Cliente no encontrado');
  const open = openSalesWithSale(
    db,
    asOf,
    and(eq(saleBalances.clientId, clientId), sellerCondition(saleBalances.sellerId, scope)),
  );
  const rows = await db.select().from(open).orderBy(asc(open.travelDate), asc(open.id));
  // Each sale's figures in its own currency; the client's, added from their USD values (decision 0085).
  const saleRows = rows.map((r) => ({
    saleId: r.id,
    passengerName: r.passengerName,
    status: r.status,
    travelDate: r.travelDate,
    currency: r.currency,
    exchangeRate: r.exchangeRate,
    totalSale: r.ownSalePrice,
    paidAmount: r.ownPaid,
    pendingAmount: r.ownPending,
    pendingAmountUsd: r.pending,
    overdueAmount: r.ownOverdue,
    daysAfterTravel: r.days,
    bucket: ageBucket(r.days),
  }));
  const usd = new Map(
    rows.map((r) => [r.id, { totalSale: r.salePrice, paidAmount: r.paid, overdueAmount: r.overdue }]),
  );
  // One client's handful of sales: added in integer cents (sumMoney), exact like the SQL sums.
  const sumOf = (pick: (s: (typeof saleRows)[number]) => number) => sumMoney(saleRows.map(pick));
  return {
    asOf,
    client: {
      clientId: client.id,
      clientName: client.name,
      salesCount: saleRows.length,
      totalSale: sumOf((s) => usd.get(s.saleId)?.totalSale ?? 0),
      paidAmount: sumOf((s) => usd.get(s.saleId)?.paidAmount ?? 0),
      pendingAmount: sumOf((s) => s.pendingAmountUsd),
      overdueAmount: sumOf((s) => usd.get(s.saleId)?.overdueAmount ?? 0),
      buckets: Object.fromEntries(
        AGE_BUCKETS.map((b) => [b, sumOf((s) => (s.bucket === b ? s.pendingAmountUsd : 0))]),
      ) as Buckets,
    },
    sales: saleRows,
  };
}
