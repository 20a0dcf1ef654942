import { z } from 'zod';
import { queryInt } from './input';

/** List endpoints page through results: `page` from 1, `limit` at most 100 (DESIGN.md 5). */
export const paginationQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000).default(1),
  limit: queryInt('limit', 1, 100).default(100),
});

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
