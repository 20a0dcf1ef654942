import { and, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  encodeSaleCursor,
  SALE_COUNT_CAP,
  type SaleExportQuery,
  type SaleListQuery,
  type SaleSort,
  type SaleSortField,
  saleSortText,
} from '../../../domain/sale-filters';
import type { SaleListRow } from '../../../domain/sale-replies';
import type { Database } from '../../db/client';
import { fromJsonRow, toCount } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { sales, users } from '../../db/schema';
import { filterConditions, searchCondition, summaryCounts } from './list-filters';
import { type ListedRow, SORT_KEYS, saleRows, sortedSales, summaryCount, unfilteredPage } from './list-rows';
import {
  narrowPage,
  narrowRead,
  newestMatches,
  pastCapPage,
  WALK_ONLY,
  walksNewestFirst,
  withPlanner,
} from './narrow-reads';
import { type SaleScope, sellerCondition } from './queries';

/*
 * The sales list (docs/product.md#sales-list): every filter inside the caller's scope, five sorts, pages, and
 * each sale's paid and pending amounts. How each part stays fast at 200,000 sales is in
 * docs/performance.md ("Search") and docs/decisions/0021.
 */

/** The matches counted up to one past the cap (a broad search stops counting there), as a subquery. */
function cappedCount(db: Database, where: SQL | undefined) {
  const matches = db
    .select({ one: sql`1` })
    .from(sales)
    .where(where)
    .limit(SALE_COUNT_CAP + 1)
    .as('matches');
  return db.select({ n: sql<number>`count(*)` }).from(matches);
}

/** A count run on its own. Both drivers answer raw SQL with { rows }; the shared type cannot say so. */
async function scalar(db: Database, count: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`select (${count}) as n`);
  return toCount((result as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n);
}

/** A page of ids in the sort's order; the page's index is walked when there is one. */
function orderedIds(db: Database, where: SQL | undefined, query: SaleListQuery) {
  return sortedSales(db, where, query.sort)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * How many of the newest sales a name is first looked for in: the list needs over 1,000 matches
 * there (a name in one sale of eight), the global search a handful. Walking 8,000 costs ~8 ms at
 * 1,000,000 sales, 2,000 about a quarter of that (docs/decisions/0033).
 */
const NEWEST_WINDOW = { counted: 8_000, 'page only': 2_000 } as const;

/**
 * One page of the sales list, its total (capped for broad searches and filters) and each sale's
 * payments. Without a search, the page's rows and the total come back in one statement: on two cores
 * each round trip costs more CPU (driver, protocol, planning) than the rows themselves
 * (docs/performance.md, "Where a list request's time goes"). `peek: 'page only'` is for a caller that
 * reads no total (the global search).
 */
export async function listSales(
  db: Database,
  scope: SaleScope,
  query: SaleListQuery,
  peek: 'counted' | 'page only' = 'counted',
) {
  const { sort, after } = query;
  // The page staff open most, with no search, filter or cursor: one prepared statement, decided before
  // any other read's SQL is built.
  if (!after && !query.q && filterConditions(query).every((c) => c === undefined)) {
    const rows = await unfilteredPage(db, scope, query);
    const counted = rows.total ?? (await scalar(db, summaryCount(db, scope, query)));
    return listed(rows.sales, counted, false, query);
  }
  const base = and(sellerCondition(sales.sellerId, scope), ...filterConditions(query));
  if (!after && walksNewestFirst(query)) {
    // Among the newest sales first: enough matches there for the count to be "más de 1.000" (or,
    // for the global search, for its few results) settle the page without reading the index.
    const counted = peek === 'counted';
    const found = await newestMatches(db, base, query, NEWEST_WINDOW[peek]);
    const enough = counted ? SALE_COUNT_CAP + 1 : 0;
    if (found.count >= enough && found.count >= query.page * query.limit) {
      return listed(await salesOf(db, found.ids, sort), found.count, found.count > SALE_COUNT_CAP, query);
    }
  }
  // A page after a cursor takes the general path: a narrow read pages by offset.
  const read = after ? undefined : narrowRead(base, query);
  const narrow = read ? await narrowPage(db, read, query) : undefined;
  if (read && narrow && narrow.count <= read.cap) {
    return listed(await salesOf(db, narrow.ids, sort), narrow.count, narrow.count > SALE_COUNT_CAP, query);
  }
  const pastCap =
    read && narrow && query.q ? await pastCapPage(db, read, base, { ...query, q: query.q }) : undefined;
  if (narrow && pastCap) {
    return listed(await salesOf(db, pastCap, sort), narrow.count, true, query);
  }
  // No narrowing, or too many matches: walking the sort's index meets the page's matches early, so
  // the search stays off its indexes here. Past the cap the count is known to be "más de 1.000".
  const where = and(base, query.q ? searchCondition(query.q, false) : undefined);
  const exact = !narrow && summaryCounts(query);
  const total = narrow
    ? sql`${narrow.count}`
    : exact
      ? summaryCount(db, scope, query)
      : cappedCount(db, where);
  const page = (
    after
      ? orderedIds(db, and(where, keysetAfter(sort, { id: after.id, sortKey: after.key })), {
          ...query,
          page: 1,
        })
      : orderedIds(db, where, query)
  ).as('page');
  const pageRows = (tx: Database) =>
    saleRows(tx, sql`${sales.id} in (select "id" from ${page})`, { total, sort });
  const rows = narrow ? await withPlanner(db, WALK_ONLY, pageRows) : await pageRows(db);
  // A page past the end has no row to carry the total.
  const counted = rows.total ?? (await scalar(db, total));
  return listed(rows.sales, counted, !exact && counted > SALE_COUNT_CAP, query);
}

/** The rows of a page whose ids a narrow read already found, in the sort's order. */
async function salesOf(db: Database, ids: number[], sort: SaleSort) {
  return ids.length ? (await saleRows(db, inArray(sales.id, ids), { sort })).sales : [];
}

/** The page with its total and, when the page is full, the cursor of the next one. */
function listed(rows: ListedRow[], total: number, capped: boolean, query: SaleListQuery) {
  const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
  return {
    rows,
    total: capped ? SALE_COUNT_CAP : total,
    totalCapped: capped,
    nextCursor: last && encodeSaleCursor({ sort: saleSortText(query.sort), key: last.sortKey, id: last.id }),
  };
}

/** The type of each sort's key, so that the previous batch's last key, kept as text, compares exactly. */
const KEY_TYPES: Record<Exclude<SaleSortField, 'id'>, SQL> = {
  creationDate: sql.raw('timestamptz'),
  travelDate: sql.raw('date'),
  salePrice: sql.raw('numeric'),
  client: sql.raw('text'),
};

/** A sale of the list with its sort key as exact text, where the next batch starts. */
export type ExportedSale = SaleListRow & { sortKey: string };

/** After `after` in the sort's order: (key, id) compared as a pair, in the sort's direction. */
function keysetAfter(sort: SaleSort, after: { id: number; sortKey: string }): SQL {
  const op = sql.raw(sort.descending ? '<' : '>');
  if (sort.field === 'id') return sql`${sales.id} ${op} ${after.id}`;
  return sql`(${SORT_KEYS[sort.field]}, ${sales.id}) ${op} (cast(${after.sortKey} as ${KEY_TYPES[sort.field]}), ${after.id})`;
}

/**
 * The sales that follow `after` in the list's order, for the export: the list's scope, filters and
 * sort, continued by keyset instead of offset. The search may use the trigram index here: a batch
 * reads up to 1,000 matches, not one page (docs/decisions/0021 explains why the list's page avoids it).
 */
export async function salesBatch(
  db: Database,
  scope: SaleScope,
  query: SaleExportQuery,
  after: ExportedSale | undefined,
  limit: number,
): Promise<ExportedSale[]> {
  const where = and(
    sellerCondition(sales.sellerId, scope),
    ...filterConditions(query),
    query.q ? searchCondition(query.q, true) : undefined,
    after && keysetAfter(query.sort, after),
  );
  const page = await sortedSales(db, where, query.sort).limit(limit);
  const rows = page.length
    ? (
        await saleRows(
          db,
          inArray(
            sales.id,
            page.map((r) => r.id),
          ),
        )
      ).sales
    : [];
  const byId = new Map(rows.map((r) => [r.id, r.json]));
  return page.flatMap(({ id, sortKey }) => {
    const json = byId.get(id);
    return json ? [{ ...fromJsonRow<SaleListRow>(json), sortKey }] : [];
  });
}

/** Who can own a sale (admin and sales users, deactivated ones too: their sales remain), for the filter. */
export function listSellers(db: Database) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, ['admin', 'sales']))
    .orderBy(nameSortKey(users.username), users.id);
}
