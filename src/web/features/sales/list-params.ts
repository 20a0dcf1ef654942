import type { z } from 'zod';
import {
  DEFAULT_SALE_SORT,
  parseSaleSort,
  type SaleSort,
  saleListQuerySchema,
} from '../../../domain/sale-filters';

/*
 * The /sales list's state lives in the URL (docs/decisions/0021-sales-list-search-and-filters.md):
 * search, filters, sort and page, so a reload or a shared link shows the same list. Each value is checked with the API's own schema; a value edited
 * by hand into something the server would refuse is dropped instead of breaking the page.
 */

export const FILTER_KEYS = [
  'q',
  'status',
  'travelFrom',
  'travelTo',
  'createdFrom',
  'createdTo',
  'sellerId',
  'supplierId',
  'classificationId',
  'saleType',
  'region',
  'serviceType',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
/** The filters as the list's endpoint takes them (an enum filter holds one of its values). */
export type SaleFilterValues = Pick<z.input<typeof saleListQuerySchema>, FilterKey>;

export interface SaleListParams {
  filters: SaleFilterValues;
  sort: SaleSort;
  page: number;
  /**
   * Deep pages (past KEYSET_FROM_PAGE) reached with "next": the previous page's `nextCursor`, so the server
   * reads from where that page ended instead of skipping every row before it (docs/decisions/0030-session-
   * cache-and-one-statement-pages.md).
   */
  after?: string;
}

/** From this page on, the next page is read after the previous one's cursor. */
export const KEYSET_FROM_PAGE = 50;

/**
 * The list's params to show `target` from `current`: the following page of a deep one goes by the
 * cursor when the server gave one; any other jump is by page number.
 */
export function pageTarget(
  current: { page: number; nextCursor?: string },
  target: number,
): Pick<SaleListParams, 'page' | 'after'> {
  const next = target === current.page + 1 && current.page >= KEYSET_FROM_PAGE;
  return next && current.nextCursor ? { page: target, after: current.nextCursor } : { page: target };
}

const DEFAULT_SORT = parseSaleSort(DEFAULT_SALE_SORT) as SaleSort;

export function readListParams(search: URLSearchParams): SaleListParams {
  // Text until the schema has accepted it, which makes it the filter's type.
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value && saleListQuerySchema.shape[key].safeParse(value).success) filters[key] = value;
  }
  const page = Number(search.get('page'));
  const sort = parseSaleSort(search.get('sort') ?? '') ?? DEFAULT_SORT;
  const valid = Number.isInteger(page) && page > 0 ? page : 1;
  // A cursor only where the screen puts one: past the first deep page, for the URL's own sort.
  const after = search.get('after') ?? undefined;
  const cursorFits =
    after !== undefined &&
    valid > KEYSET_FROM_PAGE &&
    saleListQuerySchema.safeParse({ after, sort: sortParam(sort) }).success;
  return {
    filters: filters as SaleFilterValues,
    sort,
    page: valid,
    ...(cursorFits ? { after } : {}),
  };
}

export const sortParam = (sort: SaleSort) => `${sort.descending ? '-' : ''}${sort.field}`;

export function writeListParams({ filters, sort, page, after }: SaleListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, String(value));
  }
  if (sortParam(sort) !== DEFAULT_SALE_SORT) search.set('sort', sortParam(sort));
  if (page > 1) search.set('page', String(page));
  if (after && page > KEYSET_FROM_PAGE) search.set('after', after);
  return search;
}

/** Filters other than the search box, for the "Filtros (n)" count. */
export const activeFilterCount = (filters: SaleFilterValues) =>
  FILTER_KEYS.filter((key) => key !== 'q' && filters[key]).length;
