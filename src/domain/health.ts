import { z } from 'zod';
import { absentWhenNull } from './replies';

/** GET /api/health: the server answers and its database with it. */
export const healthReplySchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** What the last backup's time says, when there is one (absent until backups exist). */
const lastBackup = {
  lastBackupAt: absentWhenNull(z.iso.datetime()),
  lastBackupAgeHours: absentWhenNull(z.number().nonnegative()),
};

/** GET /api/health/ready, 200: this instance can serve (load balancers send it traffic). */
export const readyReplySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('current'),
  ...lastBackup,
});

/**
 * GET /api/health/ready, 503: what keeps this instance from serving: its database does not answer,
 * or its migrations are not the code's (pending, or a newer release's).
 */
export const notReadyReplySchema = z.object({
  status: z.literal('not-ready'),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'newer', 'unknown']),
  ...lastBackup,
});
export type Readiness = z.infer<typeof readyReplySchema> | z.infer<typeof notReadyReplySchema>;
