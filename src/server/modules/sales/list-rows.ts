import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SaleFilters, SaleListQuery, SaleSort, SaleSortField } from '../../../domain/sale-filters';
import type { Database } from '../../db/client';
import { countValue, moneyValue } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { prepared } from '../../db/prepared';
import { clients, sales, salesSummary, users } from '../../db/schema';
import { orderBy } from './narrow-reads';
import {
  confirmedPaid,
  partyColumns,
  type SaleScope,
  saleColumns,
  saleFields,
  salePending,
  sellerCondition,
} from './queries';

/*
 * The rows of a sales list page: the sale with its client, seller and payments, its sort key, and
 * the page's total; and the unfiltered page's prepared statement.
 */

/** The summary's count as a scalar subquery, so that it travels with the page in one statement. */
export function summaryCount(db: Database, scope: SaleScope, f: SaleFilters) {
  return db
    .select({ n: sql<number>`coalesce(sum(${salesSummary.salesCount}), 0)` })
    .from(salesSummary)
    .where(
      and(
        sellerCondition(salesSummary.sellerId, scope),
        f.sellerId ? eq(salesSummary.sellerId, f.sellerId) : undefined,
        f.status ? inArray(salesSummary.status, f.status) : undefined,
        f.saleType ? eq(salesSummary.saleType, f.saleType) : undefined,
        f.region ? eq(salesSummary.region, f.region) : undefined,
        f.serviceType ? eq(salesSummary.serviceType, f.serviceType) : undefined,
      ),
    );
}

/** Each sort's key on sales (the client sort joins the client). */
export const SORT_KEYS: Record<SaleSortField, SQL> = {
  id: sql`${sales.id}`,
  creationDate: sql`${sales.creationDate}`,
  travelDate: sql`${sales.travelDate}`,
  salePrice: sql`${sales.salePrice}`,
  client: nameSortKey(clients.name),
};

/**
 * Sale ids in the sort's order, with the client joined when the sort needs it, and each one's sort key
 * as exact text (microseconds, cents) for an export's next batch to start after.
 */
export function sortedSales(db: Database, where: SQL | undefined, sort: SaleSort) {
  const ids = db
    .select({ id: sales.id, sortKey: sql<string>`(${SORT_KEYS[sort.field]})::text`.as('sort_key') })
    .from(sales);
  return (sort.field === 'client' ? ids.innerJoin(clients, eq(clients.id, sales.clientId)) : ids)
    .where(where)
    .orderBy(orderBy(sort, SORT_KEYS, sql`${sales.id}`));
}

export type ListedSale = Omit<Awaited<ReturnType<typeof saleRows>>['sales'][number], 'sortKey'>;

/**
 * Sales with client, seller and what the client has paid (confirmed payments, exact). With `page`, in
 * the sort's order with each one's sort key (exact text, for the next page's cursor), and the page's
 * total on each row when asked for (a subquery PostgreSQL runs once).
 */
export async function saleRows(db: Database, where: SQL, page?: { total?: SQLWrapper; sort: SaleSort }) {
  return toSaleRows(await saleRowsQuery(db, where, page));
}

/** The same rows as a query not yet run, so that a page of a fixed shape can be prepared. */
function saleRowsQuery(db: Database, where: SQL, page?: { total?: SQLWrapper; sort: SaleSort }) {
  return db
    .select({
      sale: saleColumns,
      paidAmount: moneyValue(confirmedPaid, 'USD'),
      pendingAmount: moneyValue(salePending, 'USD'),
      ...partyColumns,
      total: page?.total ? countValue(sql`(${page.total})`) : sql<null>`null`,
      sortKey: page ? sql<string>`(${SORT_KEYS[page.sort.field]})::text` : sql<string>`''`,
    })
    .from(sales)
    .innerJoin(clients, eq(clients.id, sales.clientId))
    .innerJoin(users, eq(users.id, sales.sellerId))
    .where(where)
    .orderBy(...(page ? [orderBy(page.sort, SORT_KEYS, sql`${sales.id}`)] : []));
}

/** The rows as the list shows them, with the page's total when a row carried it. */
function toSaleRows(rows: Awaited<ReturnType<typeof saleRowsQuery>>) {
  const total = rows[0]?.total;
  return {
    total: total ?? undefined,
    sales: rows.map((r) => ({
      ...saleFields(r.sale),
      paidAmount: r.paidAmount,
      pendingAmount: r.pendingAmount,
      client: r.client,
      seller: r.seller,
      sortKey: r.sortKey,
    })),
  };
}

function preparePage(db: Database, sort: SaleSort, own: boolean, name: string) {
  const seller = sql.placeholder('seller');
  const page = sortedSales(db, own ? eq(sales.sellerId, seller) : undefined, sort)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const total = db
    .select({ n: sql<number>`coalesce(sum(${salesSummary.salesCount}), 0)` })
    .from(salesSummary)
    .where(own ? eq(salesSummary.sellerId, seller) : undefined);
  return saleRowsQuery(db, sql`${sales.id} in (select "id" from ${page})`, { total, sort }).prepare(name);
}

/**
 * A page of the list with no search or filter, the one staff open most: its statement is built and
 * planned once per connection instead of on every request (drizzle's SQL building and PostgreSQL's
 * planning cost as much CPU as reading the 20 rows; docs/performance.md).
 */
export async function unfilteredPage(db: Database, scope: SaleScope, query: SaleListQuery) {
  const own = scope.sellerId !== undefined;
  const name = `sales_page_${query.sort.field}_${query.sort.descending ? 'desc' : 'asc'}_${own ? 'own' : 'all'}`;
  const statement = prepared(db, name, () => preparePage(db, query.sort, own, name));
  const offset = (query.page - 1) * query.limit;
  return toSaleRows(await statement.execute({ seller: scope.sellerId, limit: query.limit, offset }));
}
