import { z } from 'zod';
import { pathIdSchema } from '../../domain/input';

/** Shapes shared by many routes' OpenAPI descriptions. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageResponse = z.object({ message: z.string() });

export const idParams = z.object({ id: pathIdSchema() });

export const paginationResponse = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const errorReplies = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;
