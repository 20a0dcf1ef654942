import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SaleFilters, SaleListQuery, SaleSort, SaleSortField } from '../../../domain/sale-filters';
import type { Database } from '../../db/client';
import { computed, jsonObjectText } from '../../db/json-object';
import { countValue } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { prepared } from '../../db/prepared';
import { clients, sales, salesSellerCounts, salesSummary, users } from '../../db/schema';
import { orderBy } from './narrow-reads';
import {
  type SaleScope,
  salePaid,
  salePaidAmount,
  salePending,
  saleSummaryColumns,
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

/**
 * A row of the list as its reply's JSON (saleListRowSchema: the sale's columns, its client and seller,
 * what was paid and what is pending), written by PostgreSQL: Node sends a page of them as they are
 * (docs/decisions/0073, 0077). Keys without a value are left out, as `absentWhenNull` asks; amounts are
 * JSON numbers. Every test's reply check parses these rows against the schema.
 */
const listRowJson = jsonObjectText({
  ...saleSummaryColumns,
  paidAmount: computed(salePaidAmount, 'number'),
  pendingAmount: computed(salePending, 'number'),
});

/** A sale of a page: its JSON as the reply shows it, its number, and its sort key as exact text. */
export interface ListedRow {
  id: number;
  json: string;
  sortKey: string;
}

/**
 * Sales as list rows. With `page`, in the sort's order with each one's sort key (exact text, for the
 * next page's cursor), and the page's total on each row when asked for (a subquery PostgreSQL runs once).
 */
export async function saleRows(db: Database, where: SQL, page?: { total?: SQLWrapper; sort: SaleSort }) {
  return withTotal(await saleRowsQuery(db, where, page));
}

/** The same rows as a query not yet run, so that a page of a fixed shape can be prepared. */
function saleRowsQuery(db: Database, where: SQL, page?: { total?: SQLWrapper; sort: SaleSort }) {
  return db
    .select({
      id: sales.id,
      json: listRowJson,
      total: page?.total ? countValue(sql`(${page.total})`) : sql<null>`null`,
      sortKey: page ? sql<string>`(${SORT_KEYS[page.sort.field]})::text` : sql<string>`''`,
    })
    .from(sales)
    .innerJoin(clients, eq(clients.id, sales.clientId))
    .innerJoin(users, eq(users.id, sales.sellerId))
    .innerJoinLateral(salePaid, sql`true`)
    .where(where)
    .orderBy(...(page ? [orderBy(page.sort, SORT_KEYS, sql`${sales.id}`)] : []));
}

/** The rows with the page's total when a row carried it. */
function withTotal(rows: Array<ListedRow & { total: number | null }>): {
  total?: number;
  sales: ListedRow[];
} {
  return { total: rows[0]?.total ?? undefined, sales: rows };
}

/**
 * Page sizes whose first page has a statement of its own with the size written in: the screens' (the
 * list's 20, the dashboard's 5) and the usual ones. Other sizes and later pages bind limit and offset
 * as parameters, which PostgreSQL plans again on every call: a plan made without knowing them assumes
 * a tenth of the table and is a thousand times slower, so it never keeps one (docs/performance.md,
 * "A plan kept for the first page"). A size from this short list keeps the number of statements each
 * connection holds small whatever sizes are asked for.
 */
const PLANNED_FIRST_PAGES: ReadonlySet<number> = new Set([5, 10, 20, 25, 50, 100]);

function preparePage(
  db: Database,
  sort: SaleSort,
  own: boolean,
  name: string,
  firstPage: number | undefined,
) {
  const seller = sql.placeholder('seller');
  const ids = sortedSales(db, own ? eq(sales.sellerId, seller) : undefined, sort);
  const page = (
    firstPage === undefined
      ? ids.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
      : // drizzle binds a number as a parameter; SQL (a checked integer) is written into the statement.
        ids.limit(sql.raw(String(firstPage)) as unknown as number)
  ).as('page');
  // A row per seller (sales_seller_counts) instead of every summary group: 0.2 ms of PostgreSQL a page.
  const total = db
    .select({ n: sql<number>`coalesce(sum(${salesSellerCounts.salesCount}), 0)` })
    .from(salesSellerCounts)
    .where(own ? eq(salesSellerCounts.sellerId, seller) : undefined);
  return saleRowsQuery(db, sql`${sales.id} in (select "id" from ${page})`, { total, sort }).prepare(name);
}

/**
 * A page of the list with no search or filter, the one staff open most: its statement is built once
 * per server and parsed once per connection, and a first page of a usual size is also planned once
 * (drizzle's SQL building and PostgreSQL's planning cost as much CPU as reading the 20 rows;
 * docs/performance.md).
 */
export async function unfilteredPage(db: Database, scope: SaleScope, query: SaleListQuery) {
  const own = scope.sellerId !== undefined;
  const firstPage = query.page === 1 && PLANNED_FIRST_PAGES.has(query.limit) ? query.limit : undefined;
  const name = `sales_page_${query.sort.field}_${query.sort.descending ? 'desc' : 'asc'}_${own ? 'own' : 'all'}${firstPage ? `_first_${firstPage}` : ''}`;
  const statement = prepared(db, name, () => preparePage(db, query.sort, own, name, firstPage));
  const offset = (query.page - 1) * query.limit;
  return withTotal(await statement.execute({ seller: scope.sellerId, limit: query.limit, offset }));
}
