import { z } from 'zod';

/** Shapes shared by many routes' OpenAPI descriptions. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageResponse = z.object({ message: z.string() });

export const idParams = z.object({
  id: z.coerce
    .number()
    .int('El id debe ser un entero')
    .positive('El id debe ser positivo')
    .max(2147483647, 'Id fuera de rango'),
});

export const paginationResponse = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
