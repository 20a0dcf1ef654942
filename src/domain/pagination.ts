import { z } from 'zod';

/** List endpoints page through results: `page` from 1, `limit` at most 100 (DESIGN.md 5). */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int('page debe ser un entero').min(1, 'page debe ser al menos 1').default(1),
  limit: z.coerce
    .number()
    .int('limit debe ser un entero')
    .min(1, 'limit debe ser al menos 1')
    .max(100, 'limit no puede superar 100')
    .default(100),
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
