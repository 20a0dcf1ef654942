import { z } from 'zod';
import { queryInt } from './input';

/** List endpoints page through results: `page` from 1, `limit` at most 100 (the pickers ask for 100). */
/** The largest page, and the page size when none is asked for. */
export const PAGE_LIMIT = 100;

export const paginationQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000).default(1),
  limit: queryInt('limit', 1, PAGE_LIMIT).default(PAGE_LIMIT),
});

/**
 * The catalogs' lists (suppliers, operators, classifications): without `page` and `limit` the whole
 * list, as the original client reads it; with either, one page (the other defaults as above).
 */
export const optionalPaginationQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000).optional(),
  limit: queryInt('limit', 1, PAGE_LIMIT).optional(),
});

/** Every reply with a page of rows carries this. */
export const paginationReplySchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof paginationReplySchema>;

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
