import { formatDateTime } from '../../../domain/agency-day';
import type { BackupDto } from '../../../domain/backups';

const megabytes = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('es-CL');

/**
 * 1.234.567 bytes as "1,23 MB": the size in megabytes (10^6), as Chile writes numbers; two decimals, as
 * a small agency's backup is a few hundredths of one, and what rounds to zero says so.
 */
export const formatMegabytes = (bytes: number) =>
  bytes > 0 && bytes < 5_000 ? '< 0,01 MB' : `${megabytes.format(bytes / 1_000_000)} MB`;

/** A count of rows as Chile writes it: 12.345. */
export const formatCount = (count: number) => whole.format(count);

export const STATUS_LABELS: Record<BackupDto['status'], string> = {
  running: 'En curso',
  verified: 'Verificado',
  failed: 'Falló',
};

/** The dashboard's line about the last failed backup. */
export const failureText = (backup: Pick<BackupDto, 'error' | 'createdAt'>, timeZone: string) =>
  `El último respaldo falló: ${backup.error ?? 'sin motivo registrado'} (${formatDateTime(backup.createdAt, timeZone)})`;
