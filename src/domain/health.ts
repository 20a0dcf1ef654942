import { z } from 'zod';

/** GET /api/health: the server answers and its database with it. */
export const healthReplySchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
