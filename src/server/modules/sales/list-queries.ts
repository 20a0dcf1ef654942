import { and, eq, gte, inArray, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/report-params';
import {
  encodeSaleCursor,
  SALE_COUNT_CAP,
  type SaleExportQuery,
  type SaleFilters,
  type SaleListQuery,
  type SaleSort,
  type SaleSortField,
  saleSortText,
} from '../../../domain/sale-filters';
import type { Database } from '../../db/client';
import { clients, saleItems, sales, salesSummary, supplierSales, users } from '../../db/schema';
import { containsPattern, idKey } from '../../lib/search';
import { confirmedPaid, type SaleScope, saleColumns, saleFields, sellerCondition } from './queries';

/*
 * The sales list (issue 16): every filter inside the caller's scope, five sorts, pages, and each
 * sale's paid and pending amounts. How each part stays fast at 200,000 sales is in
 * docs/performance.md ("Search") and docs/decisions/0021.
 */

/**
 * The search: sales.search_text (kept by triggers, migrations/0006) contains the text, normalised by
 * the same SQL function once per query. A text with digits and ID punctuation ("12.345.678-9") is also
 * looked for as an ID key, and a number as the sale's number.
 * `indexed: false` hides the condition from the trigram index (docs/decisions/0021).
 */
function searchCondition(q: string, indexed: boolean): SQL {
  const column = indexed ? sql`${sales.searchText}` : sql`(${sales.searchText} || '')`;
  const arms = [sql`${column} like f_search_norm(${containsPattern(q)})`];
  const key = idKey(q).toLowerCase();
  if (/\d/.test(q) && key && key !== q.toLowerCase()) arms.push(sql`${column} like ${containsPattern(key)}`);
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  if (number) arms.push(eq(sales.id, Number(number)));
  return or(...arms) as SQL;
}

/** Creation dates are compared by the UTC day, the day the list, the detail and the chart show. */
const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** Every filter but the search, as conditions on sales. */
function filterConditions(f: SaleFilters): Array<SQL | undefined> {
  return [
    f.status ? inArray(sales.status, f.status) : undefined,
    f.sellerId ? eq(sales.sellerId, f.sellerId) : undefined,
    f.saleType ? eq(sales.saleType, f.saleType) : undefined,
    f.region ? eq(sales.region, f.region) : undefined,
    f.serviceType ? eq(sales.serviceType, f.serviceType) : undefined,
    f.travelFrom ? gte(sales.travelDate, f.travelFrom) : undefined,
    f.travelTo ? lte(sales.travelDate, f.travelTo) : undefined,
    f.createdFrom ? gte(sales.creationDate, dayStart(f.createdFrom)) : undefined,
    f.createdTo ? lt(sales.creationDate, dayStart(addDays(f.createdTo, 1))) : undefined,
    // supplier_sales (one row per sale and supplier, trigger-kept) instead of every item.
    f.supplierId
      ? sql`${sales.id} in (select ${supplierSales.saleId} from ${supplierSales} where ${supplierSales.supplierId} = ${f.supplierId})`
      : undefined,
    f.classificationId
      ? sql`${sales.id} in (select ${saleItems.saleId} from ${saleItems} where ${saleItems.classificationId} = ${f.classificationId})`
      : undefined,
  ];
}

/** Whether the trigger-kept summary (seller, status, type, service, region) can count the list. */
const summaryCounts = (f: SaleFilters) =>
  !f.q &&
  !f.travelFrom &&
  !f.travelTo &&
  !f.createdFrom &&
  !f.createdTo &&
  !f.supplierId &&
  !f.classificationId;

/** The summary's count as a scalar subquery, so that it travels with the page in one statement. */
function summaryCount(db: Database, scope: SaleScope, f: SaleFilters) {
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
  return Number((result as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0);
}

/** The sort as SQL over some columns; the sale number breaks ties in the same direction. */
function orderBy(sort: SaleSort, key: Record<SaleSortField, SQL>, id: SQL): SQL {
  const direction = sort.descending ? sql` desc` : sql` asc`;
  const keys = sort.field === 'id' ? [id] : [key[sort.field], id];
  return sql.join(
    keys.map((k) => sql`${k}${direction}`),
    sql`, `,
  );
}

/**
 * A search's matches, at most one past the cap, taken through the trigram index alone (the planner's
 * other scans are switched off for this transaction), with the page sorted from them. The planner
 * cannot tell a rare text from a common one well enough: left to itself it walked the whole date index
 * for a rare text, or read a trigram bitmap of 30,000 rows for a common one (docs/decisions/0021).
 */
async function searchPage(db: Database, where: SQL | undefined, query: SaleListQuery) {
  const m = {
    id: sql.raw('m.id'),
    creationDate: sql.raw('m.creation_date'),
    travelDate: sql.raw('m.travel_date'),
    salePrice: sql.raw('m.sale_price'),
    client: sql`(select ${clients.name} from ${clients} where ${clients.id} = m.client_id)`,
  };
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    const result = await tx.execute(sql`
      with m as (
        select ${sales.id} as id, ${sales.creationDate} as creation_date, ${sales.travelDate} as travel_date,
               ${sales.salePrice} as sale_price, ${sales.clientId} as client_id
        from ${sales} where ${where} limit ${SALE_COUNT_CAP + 1})
      select c.n, p.id from (select count(*) as n from m) c
      left join lateral (select m.id from m order by ${orderBy(query.sort, m, m.id)}
                         limit ${query.limit} offset ${(query.page - 1) * query.limit}) p on true`);
    // Both drivers (pg and PGlite) answer raw SQL with { rows }; the shared Database type cannot say so.
    return (result as unknown as { rows: Array<{ n: number | string; id: number | null }> }).rows;
  });
  return {
    count: Number(rows[0]?.n ?? 0),
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
  };
}

/** Each sort's key on sales (the client sort joins the client). */
const SORT_KEYS: Record<SaleSortField, SQL> = {
  id: sql`${sales.id}`,
  creationDate: sql`${sales.creationDate}`,
  travelDate: sql`${sales.travelDate}`,
  salePrice: sql`${sales.salePrice}`,
  client: sql`${clients.name}`,
};

/**
 * Sale ids in the sort's order, with the client joined when the sort needs it, and each one's sort key
 * as exact text (microseconds, cents) for an export's next batch to start after.
 */
function sortedSales(db: Database, where: SQL | undefined, sort: SaleSort) {
  const ids = db
    .select({ id: sales.id, sortKey: sql<string>`(${SORT_KEYS[sort.field]})::text`.as('sort_key') })
    .from(sales);
  return (sort.field === 'client' ? ids.innerJoin(clients, eq(clients.id, sales.clientId)) : ids)
    .where(where)
    .orderBy(orderBy(sort, SORT_KEYS, sql`${sales.id}`));
}

/** A page of ids in the sort's order; the page's index is walked when there is one. */
function orderedIds(db: Database, where: SQL | undefined, query: SaleListQuery) {
  return sortedSales(db, where, query.sort)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * One page of the sales list, its total (capped for broad searches and filters) and each sale's
 * payments. Without a search, the page's rows and the total come back in one statement: on two cores
 * each round trip costs more CPU (driver, protocol, planning) than the rows themselves
 * (docs/performance.md, "Where a list request's time goes").
 */
export async function listSales(db: Database, scope: SaleScope, query: SaleListQuery) {
  const base = and(sellerCondition(sales.sellerId, scope), ...filterConditions(query));
  const { sort, after } = query;
  // A page after a cursor takes the general path: the search's own pass pages by offset.
  const search =
    query.q && !after ? await searchPage(db, and(base, searchCondition(query.q, true)), query) : undefined;
  if (search && search.count <= SALE_COUNT_CAP) {
    const rows = search.ids.length ? await saleRows(db, inArray(sales.id, search.ids), { sort }) : undefined;
    return listed(rows?.sales ?? [], search.count, false, query);
  }
  // No search, or a broad one: walking the sort's index meets the page's matches early, so the
  // search stays off the trigram index here.
  const where = and(base, query.q ? searchCondition(query.q, false) : undefined);
  const exact = !search && summaryCounts(query);
  const total = search
    ? sql`${search.count}`
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
  const rows = await saleRows(db, sql`${sales.id} in (select "id" from ${page})`, { total, sort });
  // A page past the end has no row to carry the total.
  const counted = rows.total ?? (await scalar(db, total));
  return listed(rows.sales, counted, !exact && counted > SALE_COUNT_CAP, query);
}

/** The page with its total and, when the page is full, the cursor of the next one. */
function listed(
  rows: Array<ListedSale & { sortKey: string }>,
  total: number,
  capped: boolean,
  query: SaleListQuery,
) {
  const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
  return {
    sales: rows.map(({ sortKey: _, ...sale }) => sale),
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
export type ExportedSale = ListedSale & { sortKey: string };

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
  const byId = new Map(rows.map(({ sortKey: _, ...r }) => [r.id, r]));
  return page.flatMap(({ id, sortKey }) => {
    const sale = byId.get(id);
    return sale ? [{ ...sale, sortKey }] : [];
  });
}

type ListedSale = Omit<Awaited<ReturnType<typeof saleRows>>['sales'][number], 'sortKey'>;

/**
 * Sales with client, seller and what the client has paid (confirmed payments, exact). With `page`, in
 * the sort's order with each one's sort key (exact text, for the next page's cursor), and the page's
 * total on each row when asked for (a subquery PostgreSQL runs once).
 */
async function saleRows(db: Database, where: SQL, page?: { total?: SQLWrapper; sort: SaleSort }) {
  const rows = await db
    .select({
      sale: saleColumns,
      paidAmount: sql<string>`${confirmedPaid}`,
      pendingAmount: sql<string>`${sales.salePrice} - ${confirmedPaid}`,
      client: { id: clients.id, name: clients.name, clientId: clients.clientId, email: clients.email },
      seller: { id: users.id, username: users.username, email: users.email, role: users.role },
      total: page?.total ? sql<string | null>`(${page.total})` : sql<null>`null`,
      sortKey: page ? sql<string>`(${SORT_KEYS[page.sort.field]})::text` : sql<string>`''`,
    })
    .from(sales)
    .innerJoin(clients, eq(clients.id, sales.clientId))
    .innerJoin(users, eq(users.id, sales.sellerId))
    .where(where)
    .orderBy(...(page ? [orderBy(page.sort, SORT_KEYS, sql`${sales.id}`)] : []));
  const total = rows[0]?.total;
  return {
    total: total === undefined || total === null ? undefined : Number(total),
    sales: rows.map((r) => ({
      ...saleFields(r.sale),
      paidAmount: Number(r.paidAmount),
      pendingAmount: Number(r.pendingAmount),
      client: r.client,
      seller: r.seller,
      sortKey: r.sortKey,
    })),
  };
}

/** Who can own a sale (admin and sales users, deactivated ones too: their sales remain), for the filter. */
export function listSellers(db: Database) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, ['admin', 'sales']))
    .orderBy(users.username);
}
