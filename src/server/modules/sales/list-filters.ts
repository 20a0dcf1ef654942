import { eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/report-params';
import type { SaleFilters, SaleListQuery } from '../../../domain/sale-filters';
import { saleItems, sales, supplierSales } from '../../db/schema';
import { containsPattern, idKey } from '../../lib/search';

/*
 * The sales list's search and filters as conditions on sales (docs/product.md#sales-list), shared by the
 * list's page and its export. Why each one is written the way it is: docs/decisions/0021 and 0029.
 */

/** Several words: whitespace between two visible characters. */
const severalWords = (q: string) => /\S\s+\S/.test(q);

/**
 * The search: sales.search_text (kept by triggers, migrations/0006) contains the text, normalised by
 * the same SQL function once per query. A text of several words must start where a word starts (after
 * a space or at the start of a part: the separators become spaces for the comparison); its pairs of
 * adjacent words are looked up in their own index first (migrations/0008), because common words
 * ("camila", "soto") have common trigrams while the pair is rare. A text with digits and ID punctuation
 * ("12.345.678-9") is also looked for as an ID key, and a number as the sale's number.
 * `indexed: false` hides the text from both indexes (docs/decisions/0021 and 0029).
 */
export function searchCondition(q: string, indexed: boolean): SQL {
  const column = indexed ? sql`${sales.searchText}` : sql`(${sales.searchText} || '')`;
  const contains = sql`${column} like f_search_norm(${containsPattern(q)})`;
  if (!severalWords(q)) return withKeyAndNumber(q, column, contains);
  // Two words are exactly one pair of the index (the second as a prefix): nothing to check row by
  // row. Past two, the pairs may be apart, and the words must follow each other. The plain contains
  // goes first when walking: it rejects most rows before the costlier word-start test.
  const wordStart = sql`(' ' || replace(${sales.searchText}, E'\\x1f', E'\\x1f ')) like f_search_norm(${containsPattern(` ${q}`)})`;
  const pairs = sql`f_search_pairs(${sales.searchText}) @@ f_search_pairs_query(${q})`;
  const twoWords = q.trim().split(/\s+/).length === 2;
  if (!indexed) return withKeyAndNumber(q, column, sql`${contains} and ${wordStart}`);
  return withKeyAndNumber(q, column, twoWords ? pairs : sql`${pairs} and ${wordStart}`);
}

/** The text's own match, or its ID key (when it has digits and ID punctuation), or the sale number. */
function withKeyAndNumber(q: string, column: SQL, match: SQL): SQL {
  const arms = [match];
  const key = idKey(q).toLowerCase();
  if (/\d/.test(q) && key && key !== q.toLowerCase()) arms.push(sql`${column} like ${containsPattern(key)}`);
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  if (number) arms.push(eq(sales.id, Number(number)));
  return or(...arms) as SQL;
}

/** Creation dates are compared by the UTC day, the day the list, the detail and the chart show. */
const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** Every filter but the search, as conditions on sales. */
export function filterConditions(f: SaleFilters): Array<SQL | undefined> {
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

/**
 * Whether a date range is read first and its matches sorted, instead of walking the sort's index:
 * creation dates, travel dates and sale numbers rise together, so walking one of them for a range of
 * another in the past skips most of the table before it meets a match.
 */
export const readsRangeFirst = (query: SaleListQuery) =>
  Boolean(
    ((query.travelFrom || query.travelTo) && query.sort.field !== 'travelDate') ||
      ((query.createdFrom || query.createdTo) && query.sort.field !== 'creationDate'),
  );

/** Whether the trigger-kept summary (seller, status, type, service, region) can count the list. */
export const summaryCounts = (f: SaleFilters) =>
  !f.q &&
  !f.travelFrom &&
  !f.travelTo &&
  !f.createdFrom &&
  !f.createdTo &&
  !f.supplierId &&
  !f.classificationId;
