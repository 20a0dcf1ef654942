import { and, type SQL, sql } from 'drizzle-orm';
import {
  SALE_COUNT_CAP,
  type SaleListQuery,
  type SaleSort,
  type SaleSortField,
} from '../../../domain/sale-filters';
import type { Database } from '../../db/client';
import { toCount } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { clients, sales } from '../../db/schema';
import { filterConditions, readsRangeFirst, searchCondition } from './list-filters';

/*
 * How the sales list reads a narrow set of matches (a search, a date range) apart from walking the
 * sort's index, and the planner settings each way needs for its own transaction.
 */

/** The sort as SQL over some columns; the sale number breaks ties in the same direction. */
export function orderBy(sort: SaleSort, key: Record<SaleSortField, SQL>, id: SQL): SQL {
  const direction = sort.descending ? sql` desc` : sql` asc`;
  const keys = sort.field === 'id' ? [id] : [key[sort.field], id];
  return sql.join(
    keys.map((k) => sql`${k}${direction}`),
    sql`, `,
  );
}

/**
 * Narrow lists are read whole and sorted: a search's matches (at most 1,001) or a date range's (at most
 * RANGE_READ_CAP), instead of walking the sort's index and filtering. The planner cannot tell a rare
 * text from a common one, nor see that creation and travel dates rise together: left to itself it walked
 * the whole date index for a rare text, read a trigram bitmap of 30,000 rows for a common one, or
 * skipped 600,000 newer sales to reach a month of old trips (docs/decisions/0021 and 0029).
 */
export interface NarrowRead {
  where: SQL | undefined;
  /** Past this many matches the list is not narrow: the page is read by walking the sort's index. */
  cap: number;
  /** Only bitmap scans (the search's indexes), switched off for this one transaction. */
  bitmapOnly: boolean;
}

/** At 1,000,000 sales a 30-day travel range holds about 35,000, read from one covering index. */
const RANGE_READ_CAP = 100_000;

/** The narrow read that suits the query, if any. */
export function narrowRead(base: SQL | undefined, query: SaleListQuery): NarrowRead | undefined {
  if (query.q)
    return { where: and(base, searchCondition(query.q, true)), cap: SALE_COUNT_CAP, bitmapOnly: true };
  if (readsRangeFirst(query)) return { where: base, cap: RANGE_READ_CAP, bitmapOnly: false };
  return undefined;
}

/** Runs `read` with some planner settings changed for its own transaction only. */
export function withPlanner<T>(
  db: Database,
  settings: Record<string, string>,
  read: (tx: Database) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const set = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(set, sql`, `)}`);
    return read(tx);
  });
}

/** A narrow read through the search's indexes alone. */
const BITMAP_ONLY = { enable_seqscan: 'off', enable_indexscan: 'off' };
/**
 * A walk of the sort's index, in one process: after a broad narrow read the planner's guess for the
 * search or range is far too low, so it would sort the whole table, or start parallel workers (costly
 * on a busy machine) for a walk that meets the page's matches within a few thousand rows.
 */
export const WALK_ONLY = {
  enable_seqscan: 'off',
  enable_bitmapscan: 'off',
  max_parallel_workers_per_gather: '0',
};

/** The matches (at most one past the cap) counted, and the page sorted from them. */
export async function narrowPage(db: Database, read: NarrowRead, query: SaleListQuery) {
  const m = {
    id: sql.raw('m.id'),
    creationDate: sql.raw('m.creation_date'),
    travelDate: sql.raw('m.travel_date'),
    salePrice: sql.raw('m.sale_price'),
    client: sql`(select ${nameSortKey(clients.name)} from ${clients} where ${clients.id} = m.client_id)`,
  };
  const page = sql`
    with m as (
      select ${sales.id} as id, ${sales.creationDate} as creation_date, ${sales.travelDate} as travel_date,
             ${sales.salePrice} as sale_price, ${sales.clientId} as client_id
      from ${sales} where ${read.where} limit ${read.cap + 1})
    select c.n, p.id from (select count(*) as n from m) c
    left join lateral (select m.id from m order by ${orderBy(query.sort, m, m.id)}
                       limit ${query.limit} offset ${(query.page - 1) * query.limit}) p on true`;
  const result = read.bitmapOnly
    ? await withPlanner(db, BITMAP_ONLY, (tx) => tx.execute(page))
    : await db.execute(page);
  return countAndIds(result);
}

/** The count and page ids a read answers. Both drivers answer raw SQL with { rows }. */
function countAndIds(result: unknown) {
  const rows = (result as { rows: Array<{ n: number | string; id: number | null }> }).rows;
  return {
    count: toCount(rows[0]?.n),
    ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
  };
}

/**
 * Whether a search is first looked for among the newest sales: one word of letters only, as a name
 * is, in the default order, filtered at most by seller (each has its own index in that order). A
 * name many sales share ("gonzalez", one sale in fourteen) makes the trigram index read and check
 * tens of thousands of rows (70-150 ms at 1,000,000 sales) while the newest few thousand sales hold
 * a page of it. Codes, IDs and numbers have digits and are rare: their index read stays cheaper.
 */
export function walksNewestFirst(query: SaleListQuery): query is SaleListQuery & { q: string } {
  return Boolean(query.q && /^\p{L}+$/u.test(query.q) && inNewestOrder(query));
}

/** The default order (newest first), filtered at most by seller: each has its own index in that order. */
function inNewestOrder(query: SaleListQuery) {
  const onlySeller = filterConditions({ ...query, sellerId: undefined }).every((c) => c === undefined);
  return query.sort.field === 'creationDate' && query.sort.descending && onlySeller;
}

/** How many of the newest sales a search past the cap walks for its page before reading its index. */
const PAST_CAP_WALK = 5_000;

/**
 * The page's ids of a search with more matches than the cap, in the default order (undefined in
 * another). The newest sales are walked until the page's last match, as the general path does, but
 * at most PAST_CAP_WALK of them: a text in one sale of 900 ("Matías Rojas") walked ~18,000 rows,
 * 60-450 ms at 1,000,000 sales. A page the walk does not fill comes from the search's indexes, sorted:
 * its matches are then rare (under one in 250 for page 1), so there are few to sort.
 */
export async function pastCapPage(
  db: Database,
  read: NarrowRead,
  base: SQL | undefined,
  query: SaleListQuery & { q: string },
): Promise<number[] | undefined> {
  if (!inNewestOrder(query)) return undefined;
  const newest = sql`${sales.creationDate} desc, ${sales.id} desc`;
  const page = sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  // The subquery is named like the table so that the search (written on it) applies to its rows; its
  // limit keeps the search out of it, so the walk stops at the page's last match.
  const walk = sql`select id from (
      select ${sales.id}, ${sales.creationDate}, ${sales.searchText} from ${sales}
      where ${base ?? sql`true`} order by ${newest} limit ${PAST_CAP_WALK}) as ${sales}
    where ${searchCondition(query.q, false)} order by ${newest} ${page}`;
  const walked = idsOf(await db.execute(walk));
  if (walked.length === query.limit) return walked;
  const indexed = sql`select ${sales.id} as id from ${sales} where ${read.where} order by ${newest} ${page}`;
  return idsOf(await withPlanner(db, BITMAP_ONLY, (tx) => tx.execute(indexed)));
}

const idsOf = (result: unknown) => (result as { rows: Array<{ id: number }> }).rows.map((r) => r.id);

/**
 * The search's matches among the newest `window` sales of `base` (counted) and the page's ids in
 * the default order, walking the creation-date index alone: a bounded cost whatever the text. The
 * search is a column of the walk, not a condition, so no index can serve it and the planner walks the
 * order's index without being told to (one round trip, no transaction).
 */
export async function newestMatches(
  db: Database,
  base: SQL | undefined,
  query: SaleListQuery & { q: string },
  window: number,
) {
  const read = sql`
    with w as (
      select ${sales.id} as id, ${sales.creationDate} as creation_date,
             (${searchCondition(query.q, false)}) as hit
      from ${sales} where ${base ?? sql`true`}
      order by ${sales.creationDate} desc, ${sales.id} desc limit ${window})
    select c.n, p.id from (select count(*) as n from w where hit) c
    left join lateral (select w.id from w where hit order by w.creation_date desc, w.id desc
                       limit ${query.limit} offset ${(query.page - 1) * query.limit}) p on true`;
  return countAndIds(await db.execute(read));
}
