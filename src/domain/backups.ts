import { z } from 'zod';
import { absentWhenNull, savedReply } from './replies';

/** A backup as the "Respaldos" screen lists it (GET /api/backups). */
export const backupDtoSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: absentWhenNull(z.string()),
  /** Size of the file on disk, once written. */
  bytes: absentWhenNull(z.number().int()),
  /** Rows per table, from the file's manifest, once written. */
  rowCounts: absentWhenNull(z.record(z.string(), z.number().int())),
  status: z.enum(['running', 'verified', 'failed']),
  /** Why it failed, in Spanish. */
  error: absentWhenNull(z.string()),
});
export type BackupDto = z.infer<typeof backupDtoSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupDtoSchema),
  /** The newest failed backup when no verified one is newer: what the admin's dashboard shows in red. */
  lastFailure: absentWhenNull(backupDtoSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** POST /api/backups, 202: the backup is being written; it shows in the list until it is verified or fails. */
export const backupStartedSchema = savedReply('backup', backupDtoSchema);

/** The total of a backup's rows over every table. */
export const totalRows = (counts: Record<string, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);
